import type { ServerResponse } from 'node:http'
import type { Db } from '../db/Db.ts'
import { guardedFetch } from '../net/guardedFetch.ts'
import { HttpError } from '../server/HttpError.ts'
import { sendImage } from '../server/sendImage.ts'

const IMAGE_TYPES = ['image/svg+xml', 'image/png', 'image/jpeg', 'image/gif', 'image/webp']
const MAX_IMAGE_BYTES = 2 * 1024 * 1024
const IMAGE_TIMEOUT_MS = 5_000
/** A stored image is served this long before it is fetched again; a failed fetch is retried sooner. */
const IMAGE_TTL_MS = 24 * 60 * 60 * 1000
const FAILED_TTL_MS = 10 * 60 * 1000
/** The cache's byte cap: past it, the images stored longest ago are dropped. */
const MAX_CACHE_BYTES = 256 * 1024 * 1024

type Stored = { type: string; bytes: Buffer } | null
type Key = { chain: string; contract: string; tokenId: string }

/** Fetches in flight in this process: concurrent requests for one image share one fetch. */
const inFlight = new Map<string, Promise<Stored>>()

async function fetchImage(source: string): Promise<Stored> {
  try {
    const { status, contentType, body } = await guardedFetch(source, {
      maxBytes: MAX_IMAGE_BYTES,
      timeoutMs: IMAGE_TIMEOUT_MS,
    })
    return status === 200 && IMAGE_TYPES.includes(contentType) ? { type: contentType, bytes: body } : null
  } catch {
    return null
  }
}

async function fetchAndStore(db: Db, key: Key, source: string, now: number): Promise<Stored> {
  const image = await fetchImage(source)
  await db.query(
    `insert into nft_images (chain, contract, token_id, content_type, body, stored_at)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (chain, contract, token_id) do update
       set content_type = excluded.content_type, body = excluded.body, stored_at = excluded.stored_at`,
    [key.chain, key.contract, key.tokenId, image?.type ?? null, image?.bytes ?? null, now],
  )
  await db.query(
    `delete from nft_images where (chain, contract, token_id) in (
       select chain, contract, token_id from (
         select chain, contract, token_id,
                sum(coalesce(octet_length(body), 0)) over (order by stored_at desc, chain, contract, token_id) as total
           from nft_images) sized
        where total > $1)`,
    [MAX_CACHE_BYTES],
  )
  return image
}

/**
 * An NFT's image, as a known image type of at most 2 MB, with a CSP that lets no script run even if
 * the file is opened directly (an SVG can carry script; the modal shows it as an `<img>`). It is
 * fetched (through guardedFetch) once and kept in the database for every replica, so a request never
 * makes the API fetch a third party's URL again; concurrent first requests share the one fetch.
 */
export async function serveNftImage(db: Db, res: ServerResponse, key: Key, now: number): Promise<void> {
  const { chain, contract, tokenId } = key
  const rows = await db.query<{ image_url: string | null }>(
    'select image_url from chain_nfts where chain = $1 and contract = $2 and token_id = $3',
    [chain, contract, tokenId],
  )
  const source = rows[0]?.image_url
  if (!source) throw new HttpError(404, 'not_found', 'no image for this NFT')
  const cached = await db.query<{ content_type: string | null; body: Uint8Array | null; stored_at: string }>(
    'select content_type, body, stored_at from nft_images where chain = $1 and contract = $2 and token_id = $3',
    [chain, contract, tokenId],
  )
  const hit = cached[0]
  let image: Stored
  if (hit && now - Number(hit.stored_at) < (hit.body ? IMAGE_TTL_MS : FAILED_TTL_MS)) {
    image = hit.body && hit.content_type ? { type: hit.content_type, bytes: Buffer.from(hit.body) } : null
  } else {
    const flightKey = `${chain}/${contract}/${tokenId}`
    let flight = inFlight.get(flightKey)
    if (!flight) {
      flight = fetchAndStore(db, key, source, now).finally(() => inFlight.delete(flightKey))
      inFlight.set(flightKey, flight)
    }
    image = await flight
  }
  if (!image) throw new HttpError(502, 'image_unavailable', 'the NFT image could not be fetched')
  sendImage(res, image.type, image.bytes, 3600)
}
