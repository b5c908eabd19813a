import * as z from 'zod/mini'
import { serializedErrorSchema } from '../errors/serializeError.ts'

/**
 * Every reply on the penpal channel is this envelope: errors travel as data and are rebuilt on
 * arrival, because penpal keeps only `name`, `message` and `stack` of a thrown error.
 */
export const replyEnvelopeSchema = z.union([
  z.strictObject({ ok: z.literal(true), value: z.unknown() }),
  z.strictObject({ ok: z.literal(false), error: serializedErrorSchema }),
])
export type ReplyEnvelope = z.infer<typeof replyEnvelopeSchema>

/**
 * Largest argument or reply accepted on the channel, as JSON. Generous for real payloads (a typed-data
 * request, a batch of calls) and far below what would stall a frame when a hostile page floods it.
 */
export const MAX_MESSAGE_BYTES = 256 * 1024

/** Size of a structured-clone value as JSON, or `undefined` when it is not JSON data at all. */
export function jsonSize(value: unknown): number | undefined {
  try {
    const text = JSON.stringify(value)
    return text === undefined ? 0 : text.length
  } catch {
    return undefined
  }
}
