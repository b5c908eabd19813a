import { PublicKey, type VersionedTransaction } from '@solana/web3.js'
import {
  type Account,
  type AddressAndAccount,
  FailedTransactionMetadata,
  LiteSvm,
} from 'litesvm/dist/internal.js'
import { base58 } from './base58.ts'
import { Ledger, type TokenBalance } from './Ledger.ts'
import {
  mintDecimals,
  parseTokenAccount,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from './parseTokenAccount.ts'
import {
  type ToTransactionErrorReturnType,
  type TransactionErrorJson,
  toTransactionError,
} from './toTransactionError.ts'

/** A blockhash stays usable for this many blocks, as on a real cluster (MAX_PROCESSING_AGE). */
const BLOCKHASH_VALIDITY = 150
/** Statuses kept for getSignatureStatuses; the oldest are dropped past this. */
const MAX_STATUSES = 100_000
/** Solana's base fee per signature (litesvm charges the same). */
export const LAMPORTS_PER_SIGNATURE = 5000

export type SignatureStatus = { slot: number; err: TransactionErrorJson | null }

/** What a landed transaction (or airdrop) changed, for the WebSocket subscriptions. */
export type Landed = { signature: string; status: SignatureStatus; slot: number; accounts: readonly string[] }

export type Execution = {
  error: ToTransactionErrorReturnType | undefined
  logs: string[]
  unitsConsumed: number
  returnData: { programId: string; data: Uint8Array } | undefined
  postAccounts: readonly AddressAndAccount[]
}

export type SendResult = { signature: string } | { rejected: Execution }

/** A refusal before anything ran: no logs, no units, nothing changed. */
const refused = (json: string, text: string): Execution => ({
  error: { json, text },
  logs: [],
  unitsConsumed: 0,
  returnData: undefined,
  postAccounts: [],
})
const BLOCKHASH_NOT_FOUND = refused('BlockhashNotFound', 'Blockhash not found')

/**
 * One local cluster over litesvm. litesvm has no slots or blockhash history of its own worth the
 * name, so this keeps them: every landed transaction is its own block (slot and block height + 1,
 * a fresh blockhash), the last 150 blockhashes stay valid (litesvm's own check accepts only the
 * latest, which would fail any client that fetched a blockhash before someone else's transaction),
 * and everything landed is immediately finalized.
 */
export class LocalCluster {
  // `new LiteSvm()`, not `LiteSvm.default()`: the latter lacks sysvars and panics on warpToSlot.
  readonly #svm = new LiteSvm()
  #slot: bigint
  readonly #blockhashes = new Map<string, number>()
  readonly #statuses = new Map<string, SignatureStatus>()
  readonly #listeners = new Set<(landed: Landed) => void>()
  /** Every transaction sent that landed, for getTransaction, getBlock and getSignaturesForAddress. */
  readonly ledger = new Ledger()

  constructor() {
    this.#svm.setBlockhashCheck(false)
    this.#slot = this.#svm.getClock().slot
    this.#rememberBlockhash()
  }

  get slot(): number {
    return Number(this.#slot)
  }

  /** Every slot has a block here, so block height and slot are the same number. */
  get blockHeight(): number {
    return this.slot
  }

  latestBlockhash(): { blockhash: string; lastValidBlockHeight: number } {
    const blockhash = this.#svm.latestBlockhash()
    return { blockhash, lastValidBlockHeight: this.#blockhashes.get(blockhash) ?? this.blockHeight }
  }

  isBlockhashValid(blockhash: string): boolean {
    const lastValid = this.#blockhashes.get(blockhash)
    return lastValid !== undefined && this.blockHeight <= lastValid
  }

  getAccount(address: PublicKey): Account | null {
    return this.#svm.getAccount(address.toBytes())
  }

  getBalance(address: PublicKey): bigint {
    return this.#svm.getBalance(address.toBytes()) ?? 0n
  }

  programAccounts(programId: PublicKey): AddressAndAccount[] {
    return this.#svm.getProgramAccounts(programId.toBytes())
  }

  minimumBalanceForRentExemption(dataLength: number): bigint {
    return this.#svm.minimumBalanceForRentExemption(BigInt(dataLength))
  }

  signatureStatus(signature: string): SignatureStatus | undefined {
    return this.#statuses.get(signature)
  }

  /** Calls `listener` after each landed transaction; returns the unsubscribe function. */
  onLanded(listener: (landed: Landed) => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  airdrop(address: PublicKey, lamports: bigint): SendResult {
    const result = this.#svm.airdrop(address.toBytes(), lamports)
    // The binding's type allows null; read it as its faucet account being unable to pay.
    if (!result) return { rejected: refused('InsufficientFundsForFee', 'Insufficient funds for fee') }
    if (result instanceof FailedTransactionMetadata) return { rejected: this.#execution(result) }
    const signature = base58.encode(result.signature())
    this.#land(signature, null, [address.toBase58()])
    return { signature }
  }

  /**
   * Runs a transaction as a node's sendTransaction does: with preflight, a transaction that would
   * fail is refused and changes nothing; without, one that fails in execution still lands (its fee
   * is charged) with the error in its status. A transaction that cannot land at all (bad signature,
   * unknown blockhash, unfunded fee payer) is refused either way (a real node would accept it
   * without preflight and drop it silently; refusing is more useful locally).
   */
  send(transaction: VersionedTransaction, bytes: Uint8Array, skipPreflight: boolean): SendResult {
    if (!this.isBlockhashValid(transaction.message.recentBlockhash)) return { rejected: BLOCKHASH_NOT_FOUND }
    const signatureBytes = transaction.signatures[0] ?? new Uint8Array(64)
    const signature = base58.encode(signatureBytes)
    if (!skipPreflight) {
      const simulated = this.simulate(transaction, bytes, { sigVerify: true, replaceRecentBlockhash: false })
      if (simulated.error) return { rejected: simulated }
    }
    const seenBefore = this.#statuses.has(signature)
    const keys = transaction.message.staticAccountKeys
    const before = this.#balances(keys)
    const previousBlockhash = this.#svm.latestBlockhash()
    const result = this.#svm.sendVersionedTransaction(bytes)
    const failed = result instanceof FailedTransactionMetadata
    if (failed && (seenBefore || this.#svm.getTransaction(signatureBytes) === null))
      return { rejected: this.#execution(result) }
    const err = failed ? toTransactionError(result.err()).json : null
    const meta = failed ? result.meta() : result
    const slot = this.slot
    const accountKeys = keys.map((key) => key.toBase58())
    this.#land(signature, err, accountKeys)
    const after = this.#balances(keys)
    this.ledger.record({
      signature,
      slot,
      blockTime: Math.floor(Date.now() / 1000),
      blockhash: this.#svm.latestBlockhash(),
      previousBlockhash,
      bytes,
      accountKeys,
      err,
      fee: transaction.message.header.numRequiredSignatures * LAMPORTS_PER_SIGNATURE,
      preBalances: before.lamports,
      postBalances: after.lamports,
      preTokenBalances: before.tokens,
      postTokenBalances: after.tokens,
      logMessages: meta.logs(),
      computeUnitsConsumed: Number(meta.computeUnitsConsumed()),
    })
    return { signature }
  }

  simulate(
    transaction: VersionedTransaction,
    bytes: Uint8Array,
    { sigVerify, replaceRecentBlockhash }: { sigVerify: boolean; replaceRecentBlockhash: boolean },
  ): Execution {
    if (!replaceRecentBlockhash && !this.isBlockhashValid(transaction.message.recentBlockhash))
      return BLOCKHASH_NOT_FOUND
    this.#svm.setSigverify(sigVerify)
    try {
      return this.#execution(this.#svm.simulateVersionedTransaction(bytes))
    } finally {
      this.#svm.setSigverify(true)
    }
  }

  /** Lamports of each key, and the SPL token accounts among them (a node's pre/post balances). */
  #balances(keys: readonly PublicKey[]): { lamports: number[]; tokens: TokenBalance[] } {
    const tokens: TokenBalance[] = []
    const lamports = keys.map((key, accountIndex) => {
      const account = this.#svm.getAccount(key.toBytes())
      if (!account) return 0
      const programId = new PublicKey(account.owner())
      if (programId.equals(TOKEN_PROGRAM_ID) || programId.equals(TOKEN_2022_PROGRAM_ID)) {
        const data = account.data()
        const mint = data.length >= 32 ? this.#svm.getAccount(data.subarray(0, 32)) : null
        const parsed = parseTokenAccount(data, programId, mint ? (mintDecimals(mint.data()) ?? 0) : 0)
        if (parsed) {
          const { mint: mintAddress, owner, tokenAmount } = parsed.parsed.info
          tokens.push({
            accountIndex,
            mint: mintAddress,
            owner,
            programId: programId.toBase58(),
            uiTokenAmount: tokenAmount,
          })
        }
      }
      return Number(account.lamports())
    })
    return { lamports, tokens }
  }

  #execution(result: ReturnType<LiteSvm['simulateVersionedTransaction']>): Execution {
    const failed = result instanceof FailedTransactionMetadata
    const meta = result.meta()
    const returned = meta.returnData()
    const data = returned.data()
    return {
      error: failed ? toTransactionError(result.err()) : undefined,
      logs: meta.logs(),
      unitsConsumed: Number(meta.computeUnitsConsumed()),
      returnData: data.length > 0 ? { programId: base58.encode(returned.programId()), data } : undefined,
      postAccounts: failed ? [] : result.postAccounts(),
    }
  }

  #land(signature: string, err: TransactionErrorJson | null, accounts: readonly string[]): void {
    const status: SignatureStatus = { slot: this.slot, err }
    this.#statuses.set(signature, status)
    if (this.#statuses.size > MAX_STATUSES) {
      const oldest = this.#statuses.keys().next().value
      if (oldest !== undefined) this.#statuses.delete(oldest)
    }
    this.#slot += 1n
    this.#svm.warpToSlot(this.#slot)
    this.#svm.expireBlockhash()
    this.#rememberBlockhash()
    const landed: Landed = { signature, status, slot: this.slot, accounts }
    for (const listener of this.#listeners) listener(landed)
  }

  #rememberBlockhash(): void {
    this.#blockhashes.set(this.#svm.latestBlockhash(), this.blockHeight + BLOCKHASH_VALIDITY)
    for (const [blockhash, lastValid] of this.#blockhashes) {
      if (lastValid >= this.blockHeight) break
      this.#blockhashes.delete(blockhash)
    }
  }
}
