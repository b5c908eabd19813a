import { log } from '../log.ts'
/** A window this frame opened on its own origin, with the single-use nonce of that opening. */
export type OwnWindow = {
  nonce: string
  /** Posts to that window, on this origin only. */
  send(message: object): void
  /** Spends the nonce, stops listening and closes the window. */
  close(): void
}

export type OpenOwnWindowParameters<Reply> = {
  /** The page on this origin to open (`/approve.html`). */
  path: string
  /** The protocol schema of what the window may say: anything else is dropped. */
  parse(data: unknown): { success: true; data: Reply } | { success: false }
  /** Each reply of that exact window, on this origin, until it is closed. */
  onReply(reply: Reply, window: OwnWindow): void
  /** The window closed before `close()` was called: nothing it would have said counts. */
  onClosed(): void
  scope?: Window
}

const CLOSED_POLL_MS = 300

function newNonce(scope: Window): string {
  const bytes = scope.crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/**
 * Opens a window of the secure origin (a popup: a top-level window no page can cover) and talks to
 * it alone: a message counts only from the exact window opened here, on this origin, parsed by its
 * protocol schema; replies carry this opening's single-use nonce, which the caller checks. Call it
 * from a trusted click (browsers open popups on a user gesture only). `undefined` when the browser
 * blocked the popup.
 */
export function openOwnWindow<Reply>({
  path,
  parse,
  onReply,
  onClosed,
  scope = window,
}: OpenOwnWindowParameters<Reply>): OwnWindow | undefined {
  const origin = scope.location.origin
  const popup = scope.open(new URL(path, origin).href, '_blank', 'popup,width=420,height=640')
  if (!popup) return undefined
  const nonce = newNonce(scope)
  let done = false

  const own: OwnWindow = {
    nonce,
    send: (message) => {
      if (!done) popup.postMessage(message, origin)
    },
    close,
  }
  const onMessage = (event: MessageEvent) => {
    if (done || event.source !== popup || event.origin !== origin) return
    const message = parse(event.data)
    if (!message.success) {
      log.error('dropped a malformed message of its window')
      return
    }
    onReply(message.data, own)
  }
  const watch = scope.setInterval(() => {
    if (!popup.closed) return
    close()
    onClosed()
  }, CLOSED_POLL_MS)
  scope.addEventListener('message', onMessage)

  function close() {
    if (done) return
    // The nonce is spent with the close: a late message cannot count.
    done = true
    scope.clearInterval(watch)
    scope.removeEventListener('message', onMessage)
    if (!popup?.closed) popup?.close()
  }
  return own
}
