import { logDrop } from '@modalkit/protocol'

type PenpalLike = { namespace?: unknown; type?: unknown }
const isPenpal = (data: unknown): data is PenpalLike =>
  typeof data === 'object' && data !== null && (data as PenpalLike).namespace === 'penpal'

/**
 * Learns the site's identity from the browser: the `event.origin` of the host's penpal handshake
 * (SYN) from our parent window. Nothing the host says about itself is used. Penpal-shaped messages
 * from any other window, or from another origin once the handshake is done, are logged and dropped
 * (penpal ignores them too; the log is for the developer and the tests).
 */
export function captureHostOrigin(onOrigin: (origin: string) => void): () => void {
  let hostOrigin: string | undefined
  const listener = (event: MessageEvent) => {
    if (!isPenpal(event.data)) return
    if (event.source !== window.parent) {
      logDrop('wrong_source', `penpal message from a window that is not the host (${event.origin})`)
      return
    }
    if (hostOrigin === undefined) {
      if (event.data.type === 'SYN') {
        hostOrigin = event.origin
        onOrigin(event.origin)
      }
      return
    }
    if (event.origin !== hostOrigin) logDrop('wrong_origin', event.origin)
  }
  window.addEventListener('message', listener)
  return () => window.removeEventListener('message', listener)
}
