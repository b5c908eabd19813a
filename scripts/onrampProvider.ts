import type { IncomingMessage, ServerResponse } from 'node:http'

const COMPLETE = '/onramp-provider/complete'
const ORDER_ID = /^[0-9a-f]{32}$/

/**
 * The local on-ramp provider's server side (issue 12), on the demo origin beside its checkout page
 * (`/onramp-provider.html`): the page posts the order id here, and this server completes the order at
 * the API with the provider's secret, which never reaches the browser. Answers `true` when it handled
 * the request.
 */
export async function handleOnrampProvider(
  req: IncomingMessage,
  res: ServerResponse,
  settings: { apiInternalUrl: string; secret: string | undefined },
): Promise<boolean> {
  if (!req.url?.startsWith(COMPLETE)) return false
  const reply = (status: number, body: unknown): true => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' })
    res.end(JSON.stringify(body))
    return true
  }
  if (req.method !== 'POST') return reply(405, { error: 'use POST' })
  // The page is on this origin: a cross-site form or fetch is refused (no CSRF into a purchase).
  const host = req.headers.host
  const origin = req.headers.origin
  if (!host || !origin || new URL(origin).host !== host) return reply(403, { error: 'same origin only' })
  let body = ''
  for await (const chunk of req) {
    body += String(chunk)
    if (body.length > 1000) return reply(413, { error: 'too large' })
  }
  let orderId: unknown
  try {
    orderId = (JSON.parse(body) as { orderId?: unknown }).orderId
  } catch {
    orderId = undefined
  }
  if (typeof orderId !== 'string' || !ORDER_ID.test(orderId)) return reply(400, { error: 'bad order id' })
  if (!settings.secret) return reply(503, { error: 'provider not configured' })
  const api = await fetch(`${settings.apiInternalUrl}/v1/onramp/provider/orders/${orderId}/complete`, {
    method: 'POST',
    headers: { authorization: `Bearer ${settings.secret}`, 'content-type': 'application/json' },
    body: '{}',
  }).catch(() => undefined)
  if (!api) return reply(502, { error: 'the API did not answer' })
  const answer = (await api.json().catch(() => ({}))) as Record<string, unknown>
  return reply(api.status, answer)
}
