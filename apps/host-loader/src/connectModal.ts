import {
  exposeMethods,
  type HostContract,
  type HostHandlers,
  hostInputs,
  logDrop,
  type ModalClient,
  type ModalContract,
  modalOutputs,
  wrapRemote,
} from '@modalkit/protocol'
import { connect, WindowMessenger } from 'penpal'

/** How long the loader waits for the modal's handshake before it gives up (the frame failed to load). */
const HANDSHAKE_TIMEOUT_MS = 20_000

export type ModalConnection = { modal: ModalClient; destroy(): void }

/**
 * Opens the penpal channel to the modal iframe. Only the modal's exact origin is accepted, and
 * penpal also checks that each message comes from that iframe's window. Messages that claim to be
 * penpal's but come from elsewhere are logged, never acted on.
 */
export async function connectModal(
  iframe: HTMLIFrameElement,
  modalOrigin: string,
  handlers: HostHandlers,
): Promise<ModalConnection> {
  const remoteWindow = iframe.contentWindow
  if (!remoteWindow) throw new Error('modal iframe has no window')
  const watch = (event: MessageEvent) => {
    const data: unknown = event.data
    const isPenpal =
      typeof data === 'object' && data !== null && (data as { namespace?: unknown }).namespace === 'penpal'
    if (!isPenpal) return
    if (event.source !== remoteWindow)
      logDrop('wrong_source', `penpal message from another window (${event.origin})`)
    else if (event.origin !== modalOrigin) logDrop('wrong_origin', event.origin)
  }
  window.addEventListener('message', watch)
  const connection = connect<Record<string, (arg?: unknown) => Promise<unknown>>>({
    messenger: new WindowMessenger({ remoteWindow, allowedOrigins: [modalOrigin] }),
    methods: exposeMethods<HostContract>(hostInputs, handlers),
    timeout: HANDSHAKE_TIMEOUT_MS,
  })
  try {
    const remote = await connection.promise
    return {
      modal: wrapRemote<ModalContract>(modalOutputs, remote),
      destroy() {
        window.removeEventListener('message', watch)
        connection.destroy()
      },
    }
  } catch (error) {
    window.removeEventListener('message', watch)
    connection.destroy()
    throw error
  }
}
