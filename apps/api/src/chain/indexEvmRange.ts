import type { Query } from '../db/Db.ts'
import { callNode } from './callNode.ts'
import type { NftMetadata } from './fetchNftMetadata.ts'
import { readTokenMetadata, type TokenMetadata } from './readTokenMetadata.ts'

/** keccak256 of the event signatures the indexer records. */
export const TOPICS = {
  /** Transfer(address,address,uint256): ERC-20 (3 topics) and ERC-721 (4 topics, id indexed). */
  transfer: '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef',
  /** Approval(address,address,uint256): ERC-20 and ERC-721 alike. */
  approval: '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925',
  /** Uniswap V2 Swap(address,uint256,uint256,uint256,uint256,address). */
  swap: '0xd78ad95fa46c994b6551d0da85fc275fe613ce37657fb8d5e3d130840159d822',
} as const

type RpcTx = {
  hash: string
  from: string
  to: string | null
  value: string
  nonce: string
  transactionIndex: string
}
type RpcBlock = { number: string; timestamp: string; transactions: RpcTx[] }
type RpcReceipt = { transactionHash: string; status: string }
type RpcLog = {
  address: string
  blockNumber: string
  topics: string[]
  data: string
  transactionHash: string
  logIndex: string
}

const topicAddress = (topic: string | undefined) => `0x${(topic ?? '').slice(26)}`.toLowerCase()
const uint = (hex: string | undefined) => (hex && hex !== '0x' ? BigInt(hex).toString() : '0')

export type IndexRangeParameters = { query: Query; chain: string; url: string; from: number; to: number }

/** What one range of blocks holds, read from the node: written by `writeEvmRange` in one transaction. */
export type EvmRange = {
  blocks: { block: RpcBlock; receipts: RpcReceipt[] }[]
  logs: RpcLog[]
  /** Tokens first met in this range (not stored yet), with what their contracts say of themselves. */
  newTokens: Map<string, { standard: 'erc20' | 'erc721' } & TokenMetadata>
  /** NFTs first met in this range (`contract/id`); their metadata is fetched later (backfillNftMetadata). */
  newNfts: Map<string, NftMetadata>
}

/**
 * Records blocks `from`..`to` of one EVM chain: every transaction (sender, recipient,
 * status), native value moved, ERC-20 and ERC-721 transfers and approvals, and Uniswap V2 swaps.
 * A token is discovered by its first Transfer log, whoever deployed it and whenever: its metadata is
 * read from the contract then. NFT ownership follows the transfers. Inserting twice is harmless
 * (another replica may index the same blocks), so the caller may retry a range.
 */
export async function indexEvmRange(parameters: IndexRangeParameters): Promise<void> {
  await writeEvmRange(parameters.query, parameters.chain, await readEvmRange(parameters))
}

/**
 * The network half of indexing a range: blocks, receipts, logs, and the metadata of tokens and NFTs
 * not stored yet (node calls and HTTP fetches of tokenURIs). It runs outside any transaction, so a
 * slow node or metadata server never holds the database (PGlite has one writer: every login and
 * rate-limit count would wait behind it).
 */
export async function readEvmRange({ query, url, chain, from, to }: IndexRangeParameters): Promise<EvmRange> {
  const hex = (n: number) => `0x${n.toString(16)}`
  const [logs, blocks] = await Promise.all([
    callNode<RpcLog[]>(url, 'eth_getLogs', [
      { fromBlock: hex(from), toBlock: hex(to), topics: [[TOPICS.transfer, TOPICS.approval, TOPICS.swap]] },
    ]),
    Promise.all(
      Array.from({ length: to - from + 1 }, async (_, i) => {
        const number = hex(from + i)
        const [block, receipts] = await Promise.all([
          callNode<RpcBlock>(url, 'eth_getBlockByNumber', [number, true]),
          callNode<RpcReceipt[]>(url, 'eth_getBlockReceipts', [number]),
        ])
        return { block, receipts }
      }),
    ),
  ])
  const newTokens: EvmRange['newTokens'] = new Map()
  const newNfts: EvmRange['newNfts'] = new Map()
  for (const log of logs) {
    const [topic, , , c] = log.topics
    if (topic === TOPICS.swap) continue
    const token = log.address.toLowerCase()
    const standard = c === undefined ? 'erc20' : 'erc721'
    if (!newTokens.has(token)) {
      const known = await query('select 1 from chain_tokens where chain = $1 and address = $2', [
        chain,
        token,
      ])
      if (known.length === 0)
        newTokens.set(token, { standard, ...(await readTokenMetadata(url, token, standard)) })
    }
    const tokenId = uint(c)
    const key = `${token}/${tokenId}`
    if (standard !== 'erc721' || topic !== TOPICS.transfer || newNfts.has(key)) continue
    const known = await query(
      'select 1 from chain_nfts where chain = $1 and contract = $2 and token_id = $3',
      [chain, token, tokenId],
    )
    if (known.length > 0) continue
    // Stored without metadata: backfillNftMetadata fetches it off this path, in a bounded pool, so a
    // tokenURI that answers slowly (or never) cannot hold the range read.
    newNfts.set(key, {})
  }
  return { blocks, logs, newTokens, newNfts }
}

/** The database half: every row of a range read by `readEvmRange`, with no network call. */
export async function writeEvmRange(query: Query, chain: string, range: EvmRange): Promise<void> {
  for (const { block, receipts } of range.blocks) {
    const status = new Map(
      receipts.map((r) => [r.transactionHash, r.status === '0x1' ? 'confirmed' : 'failed']),
    )
    for (const tx of block.transactions) {
      await query(
        `insert into chain_transactions (chain, hash, block, tx_index, mined_at, from_address, to_address, nonce, status)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict do nothing`,
        [
          chain,
          tx.hash,
          Number(block.number),
          Number(tx.transactionIndex),
          Number(block.timestamp) * 1000,
          tx.from.toLowerCase(),
          tx.to?.toLowerCase() ?? null,
          Number(tx.nonce),
          status.get(tx.hash) ?? 'confirmed',
        ],
      )
      if (BigInt(tx.value) > 0n && tx.to && status.get(tx.hash) !== 'failed') {
        await insertEvent(query, chain, tx.hash, -1, 'native', null, tx.from, tx.to, uint(tx.value), null)
      }
    }
  }
  for (const log of range.logs) {
    const token = log.address.toLowerCase()
    const index = Number(log.logIndex)
    const [topic, a, b, c] = log.topics
    if (topic === TOPICS.swap) {
      await insertEvent(
        query,
        chain,
        log.transactionHash,
        index,
        'swap',
        token,
        topicAddress(a),
        topicAddress(b),
        '0',
        null,
      )
      continue
    }
    const nft = c !== undefined
    const kind = topic === TOPICS.transfer ? 'transfer' : 'approval'
    const amount = nft ? '1' : uint(log.data)
    const tokenId = nft ? uint(c) : null
    await storeToken(query, chain, token, range.newTokens.get(token))
    await insertEvent(
      query,
      chain,
      log.transactionHash,
      index,
      kind,
      token,
      topicAddress(a),
      topicAddress(b),
      amount,
      tokenId,
    )
    if (nft && kind === 'transfer' && tokenId !== null)
      await moveNft(query, chain, token, tokenId, topicAddress(b), Number(log.blockNumber), range.newNfts)
  }
}

function insertEvent(
  query: Query,
  chain: string,
  hash: string,
  logIndex: number,
  kind: string,
  token: string | null,
  from: string,
  to: string,
  amount: string,
  tokenId: string | null,
) {
  return query(
    `insert into chain_events (chain, hash, log_index, kind, token, from_address, to_address, amount, token_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict do nothing`,
    [chain, hash, logIndex, kind, token, from.toLowerCase(), to.toLowerCase(), amount, tokenId],
  )
}

async function storeToken(
  query: Query,
  chain: string,
  address: string,
  metadata: ({ standard: 'erc20' | 'erc721' } & TokenMetadata) | undefined,
) {
  if (!metadata) return
  const { standard, name, symbol, decimals } = metadata
  await query(
    `insert into chain_tokens (chain, address, standard, name, symbol, decimals) values ($1, $2, $3, $4, $5, $6)
     on conflict do nothing`,
    [chain, address, standard, name, symbol, decimals],
  )
}

async function moveNft(
  query: Query,
  chain: string,
  contract: string,
  tokenId: string,
  owner: string,
  block: number,
  newNfts: EvmRange['newNfts'],
) {
  const known = await query('select 1 from chain_nfts where chain = $1 and contract = $2 and token_id = $3', [
    chain,
    contract,
    tokenId,
  ])
  if (known.length > 0) {
    // Replicas may index the same blocks in any order: only a later block moves the owner.
    await query(
      `update chain_nfts set owner = $4, block = $5
        where chain = $1 and contract = $2 and token_id = $3 and block <= $5`,
      [chain, contract, tokenId, owner, block],
    )
    return
  }
  const metadata = newNfts.get(`${contract}/${tokenId}`) ?? {}
  await query(
    `insert into chain_nfts (chain, contract, token_id, owner, block, name, image_url)
     values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (chain, contract, token_id) do update set owner = excluded.owner, block = excluded.block
      where chain_nfts.block <= excluded.block`,
    [chain, contract, tokenId, owner, block, metadata.name ?? null, metadata.imageUrl ?? null],
  )
}
