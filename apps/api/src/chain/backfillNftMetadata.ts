import type { Db } from '../db/Db.ts'
import { fetchNftMetadata } from './fetchNftMetadata.ts'
import { readTokenUri } from './readTokenMetadata.ts'

/** How many NFTs without metadata one pass retries, and how often each is tried before it is left. */
const BATCH = 20
export const MAX_METADATA_TRIES = 6
/** The wait before the first retry; each next one waits twice as long (1, 2, 4, 8, 16 s). */
const FIRST_RETRY_MS = 1_000

export type MetadataTries = Map<string, { tries: number; nextAt: number }>

/**
 * NFTs stored without a name or image (their tokenURI server was down or slow when the indexer met
 * them, as the demo site is while `npm start` brings everything up) get their metadata read again, a
 * few times each: otherwise they would show by their collection name forever.
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
      // First met here: the indexer's own read was the first try; the first retry is a second away.
      if (!entry) tries.set(keyOf(row), { tries: 1, nextAt: now + FIRST_RETRY_MS })
      return entry !== undefined && entry.tries < MAX_METADATA_TRIES && entry.nextAt <= now
    })
    .slice(0, BATCH)
  let filled = 0
  for (const row of due) {
    const { contract, token_id: tokenId } = row
    const { tries: done } = tries.get(keyOf(row))!
    tries.set(keyOf(row), { tries: done + 1, nextAt: now + FIRST_RETRY_MS * 2 ** done })
    const uri = await readTokenUri(url, contract, tokenId)
    const metadata = uri ? await fetchNftMetadata(uri) : {}
    if (metadata.name === undefined && metadata.imageUrl === undefined) continue
    await db.query(
      `update chain_nfts set name = $4, image_url = $5
        where chain = $1 and contract = $2 and token_id = $3 and name is null and image_url is null`,
      [chain, contract, tokenId, metadata.name ?? null, metadata.imageUrl ?? null],
    )
    filled++
  }
  return filled
}
