import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { ONRAMP_SIGNATURE_HEADER, signOnrampWebhook } from '../apps/api/src/onramp/onrampWebhookSignature.ts'
import { ONRAMP_WEBHOOK_PATH } from '../apps/api/src/onramp/routeOnramp.ts'

const PAY = '/onramp-provider/complete'
const FIELDS = {
  orderId: /^[0-9a-f]{32}$/,
  address: /^0x[0-9a-fA-F]{40}$/,
  network: /^eip155:\d{1,20}$/,
  asset: /^[A-Z0-9]{1,10}$/,
  cryptoAmount: /^\d{1,30}(\.\d{1,18})?$/,
} as const

/**
 * The local on-ramp provider's server side, on the demo origin beside its checkout page
 * (`/onramp-provider.html`), on the test stack only. Its Pay stands in for the card payment a real
 * provider takes; then, as real providers do, this server tells the API in a webhook signed with the
 * provider's secret (which never reaches the browser). The API checks the signature, its age and its
 * event id, and sends what its own order record says, never what this request says. Answers `true`
 * when it handled the request.
 */
export async function handleOnrampProvider(
  req: IncomingMessage,
  res: ServerResponse,
  settings: { apiInternalUrl: string; secret: string },
): Promise<boolean> {
  if (!req.url?.startsWith(PAY)) return false
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
  let fields: Record<string, unknown> = {}
  try {
    fields = JSON.parse(body) as Record<string, unknown>
  } catch {}
  const data: Record<string, string> = {}
  for (const [name, pattern] of Object.entries(FIELDS)) {
    const value = fields[name]
    if (typeof value !== 'string' || !pattern.test(value)) return reply(400, { error: `bad ${name}` })
    data[name] = value
  }
  const event = JSON.stringify({
    id: `evt_${randomBytes(16).toString('hex')}`,
    type: 'order.completed',
    data: { ...data, status: 'completed' },
  })
  const signature = signOnrampWebhook(event, settings.secret, Math.floor(Date.now() / 1000))
  const api = await fetch(`${settings.apiInternalUrl}${ONRAMP_WEBHOOK_PATH}`, {
    method: 'POST',
    headers: { [ONRAMP_SIGNATURE_HEADER]: signature, 'content-type': 'application/json' },
    body: event,
  }).catch(() => undefined)
  if (!api) return reply(502, { error: 'the API did not answer' })
  const answer = (await api.json().catch(() => ({}))) as { order?: unknown; error?: unknown }
  return reply(api.status, api.ok ? answer.order : answer)
}
