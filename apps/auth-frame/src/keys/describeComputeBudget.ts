import { formatUnits } from 'ethers'
import type { FrameMessageKey } from '../i18n/en.ts'
import { numbered, phrase, type Shown } from '../i18n/phrase.ts'
import { extraBytesField, instructionData } from './instructionData.ts'
import type { RequestField } from './RequestDescription.ts'

export const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111'
/** Solana's base fee: per signature the message requires, whatever the compute budget says. */
export const LAMPORTS_PER_SIGNATURE = 5000n
/** The runtime's compute unit limit when none is set: per instruction, up to the maximum. */
const DEFAULT_UNITS_PER_INSTRUCTION = 200_000n
const MAX_COMPUTE_UNITS = 1_400_000n
/**
 * A unit price over this multiple of the recent median buys no faster landing (validators order by
 * price, and the median already lands within a few slots): it only moves the balance to the
 * validator, which is how a site burns a wallet's SOL as fee. The warning names the multiple.
 */
export const PRIORITY_PRICE_FACTOR = 10n
/**
 * Above this maximum priority fee (0.01 SOL, about twenty times what a fast mainnet transaction pays
 * in congestion) the approval warns whatever the chain says: it is the only check where the chain
 * gives no median (an RPC without getRecentPrioritizationFees, as the local node), and a ceiling when
 * the recent median is itself inflated.
 */
export const PRIORITY_FEE_CAP_LAMPORTS = 10_000_000n

/** What the compute budget of one transaction sets; unset fields take the runtime's defaults. */
export type ComputeBudget = { unitLimit?: bigint; unitPrice?: bigint }

/**
 * One ComputeBudget instruction in words, read by its u8 tag and leading field (the runtime ignores
 * bytes after them: an extra-bytes warning), with what it sets in `budget`. Another tag, or data too
 * short for its field, gives `undefined` (the caller lists it as not decoded).
 */
export function describeComputeBudgetInstruction(
  bytes: Uint8Array,
  budget: ComputeBudget,
  index?: number,
): RequestField[] | undefined {
  const data = instructionData(bytes)
  const line = (label: FrameMessageKey, value: Shown, used: number): RequestField[] => [
    { label: numbered(phrase(label), index), value },
    ...extraBytesField(bytes, used, index),
  ]
  const u32 = data.u32(1)
  switch (data.u8(0)) {
    case 1: // RequestHeapFrame(bytes u32)
      if (u32 === undefined) return undefined
      return line('solana.heapFrame', phrase('value.bytes', { count: u32 }), 5)
    case 2: // SetComputeUnitLimit(units u32)
      if (u32 === undefined) return undefined
      budget.unitLimit = BigInt(u32)
      return line('solana.computeUnitLimit', String(u32), 5)
    case 3: {
      // SetComputeUnitPrice(micro-lamports u64)
      const price = data.u64(1)
      if (price === undefined) return undefined
      budget.unitPrice = price
      return line('solana.computeUnitPrice', phrase('solana.microLamports', { price: String(price) }), 9)
    }
    case 4: // SetLoadedAccountsDataSizeLimit(bytes u32)
      if (u32 === undefined) return undefined
      return line('solana.loadedDataLimit', phrase('value.bytes', { count: u32 }), 5)
    default:
      return undefined
  }
}

const sol = (lamports: bigint) => `${formatUnits(lamports, 9)} SOL`

export type SolanaFeeInput = {
  /** The message's first account: it pays every fee. */
  payer: string
  signatures: number
  /** Instructions other than ComputeBudget's, each adding to the default unit limit. */
  otherInstructions: number
  budget: ComputeBudget
  /** The wallet's own address, when known: a warning if another account pays. */
  wallet?: string | undefined
  /** The recent median unit price (micro-lamports) from the chain, when it gave one. */
  medianUnitPrice?: bigint | undefined
}

/**
 * The fee lines of one transaction: who pays, the base fee, and the most the priority fee can be
 * (unit limit × unit price / 10⁶, rounded up, as the runtime charges), with a warning when that
 * exceeds PRIORITY_FEE_CAP_LAMPORTS or the price exceeds PRIORITY_PRICE_FACTOR × the recent median.
 */
export function describeSolanaFees(input: SolanaFeeInput, index?: number): RequestField[] {
  const { payer, signatures, otherInstructions, budget, wallet, medianUnitPrice } = input
  const label = (key: FrameMessageKey) => numbered(phrase(key), index)
  const notWallet = wallet !== undefined && payer !== wallet
  const fields: RequestField[] = [
    {
      label: label('solana.feePayer'),
      value: notWallet ? phrase('solana.feePayerNotWallet', { payer }) : payer,
      ...(notWallet ? { warning: true as const } : {}),
    },
    {
      label: label('solana.baseFee'),
      value: phrase('solana.baseFeeValue', {
        amount: sol(BigInt(signatures) * LAMPORTS_PER_SIGNATURE),
        count: String(signatures),
        perSignature: String(LAMPORTS_PER_SIGNATURE),
      }),
    },
  ]
  const price = budget.unitPrice ?? 0n
  if (price === 0n) return fields
  const defaultLimit = DEFAULT_UNITS_PER_INSTRUCTION * BigInt(otherInstructions)
  const units = [budget.unitLimit ?? defaultLimit, MAX_COMPUTE_UNITS].reduce((a, b) => (a < b ? a : b))
  const fee = (units * price + 999_999n) / 1_000_000n
  const amount = sol(fee)
  fields.push({
    label: label('solana.priorityFee'),
    value: phrase('solana.priorityFeeValue', { amount, units: String(units), price: String(price) }),
  })
  const median = medianUnitPrice
  if (median !== undefined && price > PRIORITY_PRICE_FACTOR * (median > 0n ? median : 1n)) {
    fields.push({
      label: label('field.warning'),
      value: phrase('solana.priorityFeeHigh', {
        amount,
        factor: String(PRIORITY_PRICE_FACTOR),
        median: String(median),
      }),
      warning: true,
    })
  } else if (fee > PRIORITY_FEE_CAP_LAMPORTS) {
    fields.push({
      label: label('field.warning'),
      value: phrase('solana.priorityFeeOverCap', { amount, cap: sol(PRIORITY_FEE_CAP_LAMPORTS) }),
      warning: true,
    })
  }
  return fields
}
