import type { Query } from '../db/Db.ts'
import { callNode } from './callNode.ts'
import { SPL_TOKEN_NAMES } from './priceTable.ts'

type TokenBalance = {
  accountIndex: number
  mint: string
  owner?: string
  uiTokenAmount: { amount: string; decimals: number }
}
type SolanaBlock = {
  blockTime: number | null
  transactions: {
    transaction: { signatures: string[]; message: { accountKeys: string[] } }
    meta: {
      err: unknown
      fee: number
      preBalances: number[]
      postBalances: number[]
      preTokenBalances?: TokenBalance[] | null
      postTokenBalances?: TokenBalance[] | null
    } | null
  }[]
}

/** Blocks one range reads at most (one getBlock each). */
export const MAX_SOLANA_RANGE = 100

export type SolanaRange = { blocks: { slot: number; block: SolanaBlock }[] }

/**
 * The network half of indexing Solana slots `from`..`to` (Solana activity), outside any
 * transaction: the slots that hold blocks (getBlocks), then each block with its transactions' balances
 * before and after (getBlock, JSON encoding, versioned transactions accepted).
 */
export async function readSolanaRange(url: string, from: number, to: number): Promise<SolanaRange> {
  const slots = await callNode<number[]>(url, 'getBlocks', [from, to])
  const blocks = await Promise.all(
    slots.map(async (slot) => ({
      slot,
      block: await callNode<SolanaBlock>(url, 'getBlock', [
        slot,
        { encoding: 'json', maxSupportedTransactionVersion: 0, transactionDetails: 'full', rewards: false },
      ]),
    })),
  )
  return { blocks }
}

/**
 * Pairs what left accounts with what reached others: each receiver gets one movement from the
 * account that lost the most (a plain transfer: one each; a split payment: one per receiver).
 */
function movements(
  deltas: Map<string, bigint>,
  origin: string,
): { from: string; to: string; amount: bigint }[] {
  const senders = [...deltas].filter(([, delta]) => delta < 0n).sort((a, b) => (a[1] < b[1] ? -1 : 1))
  // Nothing left any account (a mint): the movement comes from `origin`, the token's mint.
  const sender = senders[0]?.[0] ?? origin
  return [...deltas].filter(([, delta]) => delta > 0n).map(([to, amount]) => ({ from: sender, to, amount }))
}

/**
 * The database half: per transaction its row (signer = fee payer, status from `err`), native SOL
 * movements from the balance changes (the fee left out), and SPL token movements per owner and mint
 * from the token balances, with each mint recorded as a token. Addresses stay base58 (case matters).
 */
export async function writeSolanaRange(query: Query, chain: string, range: SolanaRange): Promise<void> {
  for (const { slot, block } of range.blocks) {
    for (const [txIndex, { transaction, meta }] of block.transactions.entries()) {
      if (!meta) continue
      const signature = transaction.signatures[0]!
      const keys = transaction.message.accountKeys
      const ok = meta.err === null
      // Lamports into a token account are its rent deposit, not a payment to anyone.
      const tokenAccounts = new Set((meta.postTokenBalances ?? []).map((b) => keys[b.accountIndex]))
      const native = new Map<string, bigint>()
      keys.forEach((key, i) => {
        const fee = i === 0 ? BigInt(meta.fee) : 0n
        const delta = BigInt(meta.postBalances[i] ?? 0) - BigInt(meta.preBalances[i] ?? 0) + fee
        if (delta !== 0n && !tokenAccounts.has(key)) native.set(key, delta)
      })
      const sol = ok && [...native.values()].some((d) => d < 0n) ? movements(native, '') : []
      const tokens = ok ? tokenMovements(meta.preTokenBalances, meta.postTokenBalances) : []
      await query(
        `insert into chain_transactions (chain, hash, block, tx_index, mined_at, from_address, to_address, nonce, status)
         values ($1, $2, $3, $4, $5, $6, $7, 0, $8) on conflict do nothing`,
        [
          chain,
          signature,
          slot,
          txIndex,
          (block.blockTime ?? 0) * 1000,
          keys[0] ?? '',
          sol[0]?.to ?? tokens[0]?.to ?? null,
          ok ? 'confirmed' : 'failed',
        ],
      )
      const events = [
        ...sol.map((m) => ({ ...m, kind: 'native', token: null as string | null })),
        ...tokens.map((m) => ({ ...m, kind: 'transfer' })),
      ]
      for (const [index, e] of events.entries()) {
        await query(
          `insert into chain_events (chain, hash, log_index, kind, token, from_address, to_address, amount, token_id)
           values ($1, $2, $3, $4, $5, $6, $7, $8, null) on conflict do nothing`,
          [chain, signature, index, e.kind, e.token, e.from, e.to, e.amount.toString()],
        )
      }
      for (const { token, decimals } of tokens) {
        const known = SPL_TOKEN_NAMES.get(token) ?? { name: 'Unknown token', symbol: token.slice(0, 4) }
        await query(
          `insert into chain_tokens (chain, address, standard, name, symbol, decimals)
           values ($1, $2, 'spl', $3, $4, $5) on conflict do nothing`,
          [chain, token, known.name, known.symbol, decimals],
        )
      }
    }
  }
}

/** SPL movements per mint, between owners, from the token balances before and after. */
function tokenMovements(
  pre: TokenBalance[] | null | undefined,
  post: TokenBalance[] | null | undefined,
): { token: string; decimals: number; from: string; to: string; amount: bigint }[] {
  const byMint = new Map<string, { decimals: number; deltas: Map<string, bigint> }>()
  const add = (balances: TokenBalance[] | null | undefined, sign: bigint) => {
    for (const b of balances ?? []) {
      if (!b.owner) continue
      const entry = byMint.get(b.mint) ?? { decimals: b.uiTokenAmount.decimals, deltas: new Map() }
      entry.deltas.set(b.owner, (entry.deltas.get(b.owner) ?? 0n) + sign * BigInt(b.uiTokenAmount.amount))
      byMint.set(b.mint, entry)
    }
  }
  add(pre, -1n)
  add(post, 1n)
  return [...byMint].flatMap(([token, { decimals, deltas }]) =>
    movements(new Map([...deltas].filter(([, d]) => d !== 0n)), token).map((m) => ({
      token,
      decimals,
      ...m,
    })),
  )
}
