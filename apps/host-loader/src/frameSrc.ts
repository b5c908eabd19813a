/**
 * The modal iframe's URL, built in one place for both stages (the first may start the frame before
 * the core loads, and the core adopts it only at this same URL). `origin` is a hint only, used to pick
 * the frame-ancestors header; the modal trusts the origin the handshake reports.
 */
export function frameSrc(modalOrigin: string, projectId: string): string {
  const query = new URLSearchParams({ projectId, origin: location.origin })
  return `${modalOrigin}/?${query}`
}
