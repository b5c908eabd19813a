import type { TransactionErrorJson } from './toTransactionError.ts'

/** An SPL token balance before or after a transaction, as a node's `meta.pre/postTokenBalances`. */
export type TokenBalance = {
  accountIndex: number
  mint: string
  owner: string
  programId: string
  uiTokenAmount: { amount: string; decimals: number; uiAmount: number | null; uiAmountString: string }
}

/** One landed transaction with what a node's getTransaction and getBlock report of it. */
export type LedgerEntry = {
  signature: string
  slot: number
  /** Seconds since the epoch, as `blockTime`. */
  blockTime: number
  blockhash: string
  previousBlockhash: string
  /** The signed transaction as it was sent (wire bytes). */
  bytes: Uint8Array
  accountKeys: readonly string[]
  err: TransactionErrorJson | null
  fee: number
  preBalances: number[]
  postBalances: number[]
  preTokenBalances: TokenBalance[]
  postTokenBalances: TokenBalance[]
  logMessages: string[]
  computeUnitsConsumed: number
}

/** Transactions kept for history; the oldest are dropped past this (a long `npm start`). */
const MAX_ENTRIES = 50_000

/**
 * The local cluster's transaction history (Solana activity), which litesvm does not keep:
 * per signature, per slot (one transaction per block here) and per account it touched, newest last.
 */
export class Ledger {
  readonly #bySignature = new Map<string, LedgerEntry>()
  readonly #bySlot = new Map<number, LedgerEntry>()
  readonly #byAddress = new Map<string, LedgerEntry[]>()

  record(entry: LedgerEntry): void {
    this.#bySignature.set(entry.signature, entry)
    this.#bySlot.set(entry.slot, entry)
    for (const key of new Set(entry.accountKeys)) {
      const list = this.#byAddress.get(key) ?? []
      list.push(entry)
      this.#byAddress.set(key, list)
    }
    if (this.#bySignature.size > MAX_ENTRIES) this.#forgetOldest()
  }

  transaction(signature: string): LedgerEntry | undefined {
    return this.#bySignature.get(signature)
  }

  block(slot: number): LedgerEntry | undefined {
    return this.#bySlot.get(slot)
  }

  /** The lowest slot that holds a transaction (getFirstAvailableBlock), if any. */
  firstSlot(): number | undefined {
    return this.#bySignature.values().next().value?.slot
  }

  /** The slots from `start` to `end` (inclusive) that hold a transaction, ascending. */
  slots(start: number, end: number): number[] {
    const found: number[] = []
    for (const slot of this.#bySlot.keys()) if (slot >= start && slot <= end) found.push(slot)
    return found.sort((a, b) => a - b)
  }

  /**
   * An address's transactions newest first, as getSignaturesForAddress: at most `limit`, older than
   * `before` and newer than `until` when those signatures are known.
   */
  signaturesFor(
    address: string,
    { limit, before, until }: { limit: number; before?: string | undefined; until?: string | undefined },
  ): LedgerEntry[] {
    const list = this.#byAddress.get(address) ?? []
    const beforeSlot =
      before === undefined ? Number.POSITIVE_INFINITY : (this.#bySignature.get(before)?.slot ?? -1)
    const untilSlot =
      until === undefined ? Number.NEGATIVE_INFINITY : (this.#bySignature.get(until)?.slot ?? -1)
    const found: LedgerEntry[] = []
    for (let i = list.length - 1; i >= 0 && found.length < limit; i--) {
      const entry = list[i]!
      if (entry.slot <= untilSlot) break
      if (entry.slot < beforeSlot) found.push(entry)
    }
    return found
  }

  #forgetOldest(): void {
    const oldest = this.#bySignature.values().next().value
    if (!oldest) return
    this.#bySignature.delete(oldest.signature)
    this.#bySlot.delete(oldest.slot)
    for (const key of new Set(oldest.accountKeys)) {
      const list = this.#byAddress.get(key)
      if (list?.[0] === oldest) list.shift()
      if (list?.length === 0) this.#byAddress.delete(key)
    }
  }
}
