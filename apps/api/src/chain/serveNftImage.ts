import type { ServerResponse } from 'node:http'
import type { Db } from '../db/Db.ts'
import { HttpError } from '../server/HttpError.ts'
import { sendImage } from '../server/sendImage.ts'

const IMAGE_TYPES = ['image/svg+xml', 'image/png', 'image/jpeg', 'image/gif', 'image/webp']
const MAX_IMAGE_BYTES = 2 * 1024 * 1024
const IMAGE_TIMEOUT_MS = 5_000

/**
 * An NFT's image, fetched from where its metadata points and passed on as an image only: a known
 * image type, at most 2 MB, with a CSP that lets no script run even if the file is opened directly
 * (an SVG can carry script; the modal shows it as an `<img>`, where none runs anyway).
 */
export async function serveNftImage(
  db: Db,
  res: ServerResponse,
  chain: string,
  contract: string,
  tokenId: string,
): Promise<void> {
  const rows = await db.query<{ image_url: string | null }>(
    'select image_url from chain_nfts where chain = $1 and contract = $2 and token_id = $3',
    [chain, contract, tokenId],
  )
  const source = rows[0]?.image_url
  if (!source) throw new HttpError(404, 'not_found', 'no image for this NFT')
  let upstream: Response
  try {
    upstream = await fetch(source, { signal: AbortSignal.timeout(IMAGE_TIMEOUT_MS), redirect: 'error' })
  } catch {
    throw new HttpError(502, 'image_unavailable', 'the NFT image could not be fetched')
  }
  const type = (upstream.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
  const bytes = Buffer.from(await upstream.arrayBuffer())
  if (!upstream.ok || !IMAGE_TYPES.includes(type) || bytes.length > MAX_IMAGE_BYTES) {
    throw new HttpError(502, 'image_unavailable', 'the NFT image could not be fetched')
  }
  sendImage(res, type, bytes, 3600)
}
