import { HttpError } from '../server/HttpError.ts'

/** What the provider says happened to an order: its own event id, and the order as it delivered it. */
export type OnrampWebhookEvent = {
  id: string
  type: 'order.completed'
  data: {
    orderId: string
    status: 'completed'
    address: string
    network: string
    asset: string
    cryptoAmount: string
  }
}

const FIELDS = {
  orderId: /^[0-9a-f]{32}$/,
  address: /^0x[0-9a-fA-F]{40}$/,
  network: /^eip155:\d{1,20}$/,
  asset: /^[A-Z0-9]{1,10}$/,
  cryptoAmount: /^\d{1,30}(\.\d{1,18})?$/,
} as const

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Parses a webhook body (already signature-checked) into its event, or refuses it with a 400. */
export function parseOnrampWebhookEvent(body: string): OnrampWebhookEvent {
  const bad = (field: string) => new HttpError(400, 'validation_error', `invalid_value: ${field}`, field)
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    throw new HttpError(400, 'invalid_json', 'the body is not valid JSON', 'body')
  }
  if (!isRecord(json)) throw bad('body')
  if (typeof json.id !== 'string' || !/^evt_[0-9A-Za-z]{16,64}$/.test(json.id)) throw bad('body.id')
  if (json.type !== 'order.completed') throw bad('body.type')
  const data = json.data
  if (!isRecord(data) || data.status !== 'completed') throw bad('body.data.status')
  const fields: Record<string, string> = {}
  for (const [name, pattern] of Object.entries(FIELDS)) {
    const value = data[name]
    if (typeof value !== 'string' || !pattern.test(value)) throw bad(`body.data.${name}`)
    fields[name] = value
  }
  return {
    id: json.id,
    type: 'order.completed',
    data: {
      orderId: fields.orderId!,
      status: 'completed',
      address: fields.address!,
      network: fields.network!,
      asset: fields.asset!,
      cryptoAmount: fields.cryptoAmount!,
    },
  }
}
