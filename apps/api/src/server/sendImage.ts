import type { ServerResponse } from 'node:http'

/**
 * An image answer (wallet and network logos, NFT images): 200 with its type, cacheable by anyone for
 * `maxAge` seconds, loadable from the modal's origin, and with a CSP under which no script runs even
 * when the file is opened directly (an SVG can carry script; the modal shows it as an `<img>`).
 */
export function sendImage(res: ServerResponse, type: string, body: string | Buffer, maxAge: number): void {
  res.statusCode = 200
  res.setHeader('content-type', type)
  res.setHeader('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
  res.setHeader('cache-control', `public, max-age=${maxAge}`)
  res.setHeader('cross-origin-resource-policy', 'cross-origin')
  res.end(body)
}
