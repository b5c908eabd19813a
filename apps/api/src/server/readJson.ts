import type { IncomingMessage } from 'node:http'
import { HttpError } from './HttpError.ts'

/** Largest request body: analytics events and configs are small; nothing legitimate comes near it. */
export const MAX_BODY_BYTES = 64 * 1024

/** Reads a JSON body, refusing anything larger than the limit without reading the rest. */
export async function readJson(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<unknown> {
  const declared = Number(req.headers['content-length'] ?? 0)
  // The route's limit, not the default: the chain proxy takes 1000-call batches (SPEC §9).
  if (declared > limit) throw new HttpError(413, 'payload_too_large', `body over ${limit} bytes`)
  const body = await new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        req.destroy()
        reject(new HttpError(413, 'payload_too_large', `body over ${limit} bytes`))
        return
      }
      chunks.push(chunk)
    })
    req.on('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)))
    req.on('error', reject)
  })
  try {
    return JSON.parse(body.toString('utf8'))
  } catch {
    throw new HttpError(400, 'invalid_json', 'the body is not valid JSON', 'body')
  }
}
