import type { Nft } from '@modalkit/protocol'
import { SPAM_CONTRACTS } from '@modalkit/shared'
import type { Db } from '../db/Db.ts'
import { nftImagePath } from './nftImagePath.ts'

/** The NFTs an account owns on one network, as the indexer followed them; spam ones flagged. */
export async function readAccountNfts(
  db: Db,
  chain: string,
  address: string,
  projectId: string,
): Promise<Nft[]> {
  const rows = await db.query<{
    contract: string
    token_id: string
    name: string | null
    image_url: string | null
    collection: string | null
  }>(
    `select n.contract, n.token_id, n.name, n.image_url, t.name as collection
       from chain_nfts n left join chain_tokens t on t.chain = n.chain and t.address = n.contract
      where n.chain = $1 and n.owner = $2
      order by n.contract, length(n.token_id), n.token_id
      limit 500`,
    [chain, address.toLowerCase()],
  )
  return rows.map((row) => ({
    chainId: chain,
    contract: row.contract,
    tokenId: row.token_id,
    name: row.name ?? `${row.collection || 'NFT'} #${row.token_id}`,
    collection: row.collection ?? '',
    ...(row.image_url ? { imageUrl: nftImagePath(chain, row.contract, row.token_id, projectId) } : {}),
    isSpam: SPAM_CONTRACTS.includes(row.contract),
  }))
}
