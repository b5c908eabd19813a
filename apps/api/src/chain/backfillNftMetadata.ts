import type { Db } from '../db/Db.ts'
import { fetchNftMetadata } from './fetchNftMetadata.ts'
import { readTokenUri } from './readTokenMetadata.ts'

/** How many NFTs without metadata one pass tries, and how often each is tried before it is left. */
const BATCH = 20
export const MAX_METADATA_TRIES = 6
/** Metadata fetches at once: a contract of slow tokenURIs holds at most this many, never the indexer. */
const CONCURRENCY = 4
/** The wait before the first retry; each next one waits twice as long (1, 2, 4, 8, 16 s). */
const FIRST_RETRY_MS = 1_000

export type MetadataTries = Map<string, { tries: number; nextAt: number }>

/**
 * NFTs stored without a name or image get their metadata read here, off the indexing path (the range
 * read stores them bare), at most CONCURRENCY at once, and again a few times each when the tokenURI
 * server was down or slow (as the demo site is while `npm start` brings everything up): otherwise they
 * would show by their collection name forever.
 * @param tries Per process: how often each NFT (chain/contract/id) was tried, and when it is due again.
 */
export async function backfillNftMetadata(
  db: Db,
  chain: string,
  url: string,
  tries: MetadataTries,
  now: number = Date.now(),
): Promise<number> {
  const rows = await db.query<{ contract: string; token_id: string }>(
    `select contract, token_id from chain_nfts
      where chain = $1 and name is null and image_url is null
      order by block limit ${BATCH * 4}`,
    [chain],
  )
  const keyOf = (row: { contract: string; token_id: string }) => `${chain}/${row.contract}/${row.token_id}`
  const due = rows
    .filter((row) => {
      const entry = tries.get(keyOf(row))
      return entry === undefined || (entry.tries < MAX_METADATA_TRIES && entry.nextAt <= now)
    })
    .slice(0, BATCH)
  let filled = 0
  const fill = async (row: { contract: string; token_id: string }) => {
    const { contract, token_id: tokenId } = row
    const done = tries.get(keyOf(row))?.tries ?? 0
    // The first try is due at once; each retry waits twice as long as the one before (1, 2, 4, 8, 16 s).
    tries.set(keyOf(row), { tries: done + 1, nextAt: now + FIRST_RETRY_MS * 2 ** done })
    const uri = await readTokenUri(url, contract, tokenId)
    const metadata = uri ? await fetchNftMetadata(uri) : {}
    if (metadata.name === undefined && metadata.imageUrl === undefined) return
    await db.query(
      `update chain_nfts set name = $4, image_url = $5
        where chain = $1 and contract = $2 and token_id = $3 and name is null and image_url is null`,
      [chain, contract, tokenId, metadata.name ?? null, metadata.imageUrl ?? null],
    )
    filled++
  }
  const queue = [...due]
  const worker = async () => {
    for (let row = queue.shift(); row; row = queue.shift()) await fill(row)
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  return filled
}
