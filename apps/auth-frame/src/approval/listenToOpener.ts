import type { FrameMessageKey } from '../i18n/en.ts'
import { browserMessages, showPageText, showPageTitle } from '../i18n/messages.ts'

export type ListenToOpenerParameters<Message> = {
  /** The window's READY message: the frame sends what to show once it hears it. */
  ready: object
  /** The protocol schema of what the frame may send: anything else is dropped. */
  parse(data: unknown): { success: true; data: Message } | { success: false }
  onMessage(message: Message, opener: Window): void
  /** The page's title, and its text while it waits for the frame, in the browser's language. */
  title: FrameMessageKey
  loading: FrameMessageKey
  /** The text of the page opened on its own, with no frame behind it. */
  alone: FrameMessageKey
  scope?: Window
}

/**
 * The side of a window of the secure origin (approve.html, recovery.html) that listens to the frame
 * that opened it: only that exact window, on this exact origin, parsed by the protocol schema. It
 * says READY, and until the frame's first message (which carries its language) the page waits in
 * the browser's language.
 */
export function listenToOpener<Message>({
  ready,
  parse,
  onMessage,
  title,
  loading,
  alone,
  scope = window,
}: ListenToOpenerParameters<Message>): void {
  const origin = scope.location.origin
  const opener = scope.opener as Window | null
  if (!opener) {
    void browserMessages().then((messages) => {
      showPageTitle(messages, title)
      showPageText(messages, alone)
    })
    return
  }
  let heard = false
  scope.addEventListener('message', (event: MessageEvent) => {
    if (event.source !== opener || event.origin !== origin) return
    const message = parse(event.data)
    if (!message.success) return
    heard = true
    onMessage(message.data, opener)
  })
  opener.postMessage(ready, origin)
  void browserMessages().then((messages) => {
    if (heard) return
    showPageTitle(messages, title)
    showPageText(messages, loading)
  })
}
