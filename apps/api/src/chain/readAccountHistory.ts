import type { HistoryReply, HistoryTransaction, HistoryTransfer, OperationType } from '@modalkit/protocol'
import { getNetwork, SPAM_CONTRACTS } from '@modalkit/shared'
import type { Db } from '../db/Db.ts'
import { nftImagePath } from './nftImagePath.ts'
import { toDecimal } from './toDecimal.ts'

/** Transactions per page; `next` is the cursor of the page after it. */
export const HISTORY_PAGE_SIZE = 10
const ZERO = '0x0000000000000000000000000000000000000000'

type TxRow = {
  hash: string
  block: string
  tx_index: number
  mined_at: string
  from_address: string
  to_address: string | null
  nonce: number
  status: 'confirmed' | 'failed'
}
type EventRow = {
  hash: string
  log_index: number
  kind: 'native' | 'transfer' | 'approval' | 'swap'
  token: string | null
  from_address: string
  to_address: string
  amount: string
  token_id: string | null
  standard: string | null
  name: string | null
  symbol: string | null
  decimals: number | null
  nft_name: string | null
  image_url: string | null
}

export type ReadAccountHistoryParameters = {
  db: Db
  chain: string
  address: string
  cursor?: string | undefined
  /** Named in NFT image URLs (nftImagePath). */
  projectId: string
}

/**
 * One page of an account's transactions on one network, newest first (SPEC §7 history):
 * those it sent and those that moved its tokens. A transaction whose only movements are spam NFTs is
 * left out (SPEC §5); the page may then hold fewer, and `next` still continues after it.
 */
export async function readAccountHistory({
  db,
  chain,
  address,
  cursor,
  projectId,
}: ReadAccountHistoryParameters): Promise<HistoryReply> {
  // EVM addresses are stored lowercase; Solana's base58 is case-sensitive and stays as it is.
  const owner = chain.startsWith('eip155:') ? address.toLowerCase() : address
  const [block, index] = cursor ? cursor.split('-').map(Number) : [Number.MAX_SAFE_INTEGER, 0]
  const rows = await db.query<TxRow>(
    `select t.hash, t.block, t.tx_index, t.mined_at, t.from_address, t.to_address, t.nonce, t.status
       from chain_transactions t
      where t.chain = $1
        and (t.from_address = $2 or exists (
          select 1 from chain_events e
           where e.chain = t.chain and e.hash = t.hash and (e.from_address = $2 or e.to_address = $2)))
        and (t.block < $3 or (t.block = $3 and t.tx_index < $4))
      order by t.block desc, t.tx_index desc
      limit $5`,
    [chain, owner, block, cursor ? index : 1_000_000, HISTORY_PAGE_SIZE + 1],
  )
  const page = rows.slice(0, HISTORY_PAGE_SIZE)
  const last = page[page.length - 1]
  const next = rows.length > HISTORY_PAGE_SIZE && last ? `${last.block}-${last.tx_index}` : null
  if (page.length === 0) return { data: [], next }
  const events = await db.query<EventRow>(
    `select e.hash, e.log_index, e.kind, e.token, e.from_address, e.to_address, e.amount, e.token_id,
            k.standard, k.name, k.symbol, k.decimals, n.name as nft_name, n.image_url
       from chain_events e
       left join chain_tokens k on k.chain = e.chain and k.address = e.token
       left join chain_nfts n on n.chain = e.chain and n.contract = e.token and n.token_id = e.token_id
      where e.chain = $1 and e.hash = any($2)
      order by e.log_index`,
    [chain, page.map((row) => row.hash)],
  )
  const data = page.flatMap((row) => {
    const own = events.filter((e) => e.hash === row.hash)
    const tx = toTransaction(chain, owner, row, own, projectId)
    const spamOnly = tx.transfers.length > 0 && tx.transfers.every((t) => t.nft_info?.flags.is_spam === true)
    return spamOnly ? [] : [tx]
  })
  return { data, next }
}

function toTransaction(
  chain: string,
  owner: string,
  row: TxRow,
  events: EventRow[],
  projectId: string,
): HistoryTransaction {
  const native = getNetwork(chain)?.nativeCurrency ?? { name: 'Native', symbol: 'NATIVE', decimals: 18 }
  const moves = events.filter(
    (e) =>
      (e.kind === 'native' || e.kind === 'transfer') && (e.from_address === owner || e.to_address === owner),
  )
  const transfers = moves.map((e): HistoryTransfer => {
    const direction = e.from_address === owner ? (e.to_address === owner ? 'self' : 'out') : 'in'
    if (e.kind === 'transfer' && e.standard === 'erc721' && e.token && e.token_id) {
      return {
        direction,
        quantity: { numeric: '1' },
        nft_info: {
          name: e.nft_name ?? `${e.name || 'NFT'} #${e.token_id}`,
          content: { preview: { url: nftImagePath(chain, e.token, e.token_id, projectId) } },
          flags: { is_spam: SPAM_CONTRACTS.includes(e.token) },
        },
      }
    }
    const meta =
      e.kind === 'native' ? native : { name: e.name ?? '', symbol: e.symbol ?? '', decimals: e.decimals ?? 0 }
    return {
      direction,
      quantity: { numeric: toDecimal(BigInt(e.amount), meta.decimals) },
      fungible_info: { name: meta.name, symbol: meta.symbol },
    }
  })
  return {
    id: row.hash,
    metadata: {
      operationType: operationType(owner, row, events, transfers),
      hash: row.hash,
      minedAt: new Date(Number(row.mined_at)).toISOString(),
      sentFrom: row.from_address,
      sentTo: row.to_address ?? '',
      status: row.status,
      nonce: Number(row.nonce),
      chain,
    },
    transfers,
  }
}

function operationType(
  owner: string,
  row: TxRow,
  events: EventRow[],
  transfers: HistoryTransfer[],
): OperationType {
  if (row.from_address === owner && events.some((e) => e.kind === 'swap')) return 'trade'
  if (transfers.length === 0) {
    return events.some((e) => e.kind === 'approval' && e.from_address === owner) ? 'approve' : 'execute'
  }
  const moves = events.filter((e) => e.kind === 'native' || e.kind === 'transfer')
  if (moves.some((e) => e.from_address === ZERO && e.to_address === owner)) return 'mint'
  if (moves.some((e) => e.to_address === ZERO && e.from_address === owner)) return 'burn'
  return transfers.some((t) => t.direction === 'out') ? 'send' : 'receive'
}
