import type { IncomingMessage } from 'node:http'
import { HttpError } from '../server/HttpError.ts'

/** A webhook is one small event; nothing legitimate comes near this. */
const MAX_WEBHOOK_BYTES = 8 * 1024

/** The exact body as text (its signature covers these bytes), refusing one over the limit. */
export async function readWebhookBody(req: IncomingMessage): Promise<string> {
  if (Number(req.headers['content-length'] ?? 0) > MAX_WEBHOOK_BYTES)
    throw new HttpError(413, 'payload_too_large', `body over ${MAX_WEBHOOK_BYTES} bytes`)
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_WEBHOOK_BYTES) {
      req.destroy()
      throw new HttpError(413, 'payload_too_large', `body over ${MAX_WEBHOOK_BYTES} bytes`)
    }
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}
