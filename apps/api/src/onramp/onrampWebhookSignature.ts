import { createHmac, timingSafeEqual } from 'node:crypto'

/** The header the provider signs its webhooks in: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export const ONRAMP_SIGNATURE_HEADER = 'x-localramp-signature'
/** A webhook signed longer ago than this (or this far ahead) is refused: a captured one goes stale. */
export const ONRAMP_WEBHOOK_TOLERANCE_S = 300

const hmac = (secret: string, timestamp: number, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')

/**
 * The signature header for `body` at `timestamp` (unix seconds): HMAC-SHA256 with the provider's
 * secret over `timestamp.body`, as Stripe, Coinbase and MoonPay sign theirs.
 */
export function signOnrampWebhook(body: string, secret: string, timestamp: number): string {
  return `t=${timestamp},v1=${hmac(secret, timestamp, body)}`
}

export type WebhookCheck = { ok: true } | { ok: false; reason: string }

/**
 * Checks a webhook's signature header against the exact body received: well formed, signed with the
 * provider's secret (compared in constant time) and within the tolerance of `nowMs`.
 */
export function checkOnrampWebhook(
  header: string | string[] | undefined,
  body: string,
  secret: string,
  nowMs: number,
): WebhookCheck {
  if (typeof header !== 'string') return { ok: false, reason: 'the signature header is missing' }
  const parts = new Map<string, string[]>()
  for (const part of header.split(',')) {
    const at = part.indexOf('=')
    if (at < 1) return { ok: false, reason: 'the signature header is malformed' }
    const key = part.slice(0, at).trim()
    parts.set(key, [...(parts.get(key) ?? []), part.slice(at + 1).trim()])
  }
  const t = parts.get('t')
  const signatures = (parts.get('v1') ?? []).filter((s) => /^[0-9a-f]{64}$/.test(s))
  if (t?.length !== 1 || !/^\d{1,12}$/.test(t[0]!) || signatures.length === 0)
    return { ok: false, reason: 'the signature header is malformed' }
  const timestamp = Number(t[0])
  const expected = Buffer.from(hmac(secret, timestamp, body), 'hex')
  // Every candidate is compared, so the time taken does not tell which one was close.
  let match = false
  for (const signature of signatures)
    if (timingSafeEqual(Buffer.from(signature, 'hex'), expected)) match = true
  if (!match) return { ok: false, reason: 'the signature does not match the body' }
  if (Math.abs(nowMs / 1000 - timestamp) > ONRAMP_WEBHOOK_TOLERANCE_S)
    return { ok: false, reason: 'the signature timestamp is outside the tolerance' }
  return { ok: true }
}
