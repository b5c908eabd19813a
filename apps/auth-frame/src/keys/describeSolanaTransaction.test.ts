import {
  ComputeBudgetProgram,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionInstruction,
  VersionedTransaction,
} from '@solana/web3.js'
import { describe, expect, it } from 'vitest'
import { fieldsInEnglish } from '../i18n/inEnglish.ts'
import { describeSolanaTransactions } from './describeSolanaTransaction.ts'
import { describeSystemInstruction } from './describeSystemInstruction.ts'

const key = (fill: number) => new PublicKey(new Uint8Array(32).fill(fill))
const [PAYER, TO, OWNER, BASE] = [key(1), key(2), key(3), key(4)]
const le = (value: bigint | number, size: 4 | 8) => {
  const bytes = new Uint8Array(size)
  const view = new DataView(bytes.buffer)
  size === 4 ? view.setUint32(0, Number(value), true) : view.setBigUint64(0, BigInt(value), true)
  return [...bytes]
}
const seed = (text: string) => [...le(text.length, 8), ...new TextEncoder().encode(text)]
const A = PAYER.toBase58()
const B = TO.toBase58()
const O = OWNER.toBase58()
const S = BASE.toBase58()

/** The System instruction's lines as the English screen reads them. */
const system = (data: number[], accounts = [A, B, S]) => {
  const fields = describeSystemInstruction(Uint8Array.from(data), accounts)
  return fields && fieldsInEnglish(fields)
}
const extra = (hex: string, count: number) => ({
  label: 'Extra data',
  value: `+${count} extra bytes after the instruction: ${hex}`,
  warning: true,
})

/** A transaction of these instructions, paid by PAYER, as the approval describes it. */
function describeTx(instructions: TransactionInstruction[], wallet?: string, median?: bigint) {
  const tx = new Transaction({ feePayer: PAYER, recentBlockhash: key(9).toBase58() }).add(...instructions)
  const bytes = tx.serialize({ requireAllSignatures: false, verifySignatures: false })
  const transaction = VersionedTransaction.deserialize(bytes)
  return fieldsInEnglish(
    describeSolanaTransactions([{ transaction }], { wallet, medianUnitPrice: median }, false),
  )
}
const raw = (programId: PublicKey, data: number[], keys = [PAYER, TO]) =>
  new TransactionInstruction({
    programId,
    keys: keys.map((pubkey, i) => ({ pubkey, isSigner: i === 0, isWritable: i < 2 })),
    data: Buffer.from(data),
  })

describe('describeSystemInstruction', () => {
  it('Transfer, exact and padded: the padded one runs as a transfer, so it reads as one plus a warning', () => {
    expect(system([...le(2, 4), ...le(1_500_000_000n, 8)])).toEqual([
      { label: 'Transfer', value: `1.5 SOL from ${A} to ${B}` },
    ])
    expect(system([...le(2, 4), ...le(1_500_000_000n, 8), 0xff])).toEqual([
      { label: 'Transfer', value: `1.5 SOL from ${A} to ${B}` },
      extra('ff', 1),
    ])
  })

  it('CreateAccount and Assign give an account away: warnings, padded or not', () => {
    expect(system([...le(0, 4), ...le(1_000_000_000n, 8), ...le(165, 8), ...OWNER.toBytes(), 1])).toEqual([
      {
        label: 'Create account',
        value: `${B}, funded with 1.0 SOL from ${A}, 165 bytes, given to program ${O}`,
        warning: true,
      },
      extra('01', 1),
    ])
    expect(system([...le(1, 4), ...OWNER.toBytes()])).toEqual([
      {
        label: 'Assign account',
        value: `${A} is given to program ${O}, which then controls it and its SOL`,
        warning: true,
      },
    ])
  })

  it('the seed forms: CreateAccountWithSeed, AllocateWithSeed, AssignWithSeed, TransferWithSeed', () => {
    const withSeed = `(seed "vault" of ${S})`
    expect(
      system([
        ...le(3, 4),
        ...BASE.toBytes(),
        ...seed('vault'),
        ...le(5n, 8),
        ...le(0, 8),
        ...OWNER.toBytes(),
      ])?.[0],
    ).toEqual({
      label: 'Create account',
      value: `${B} ${withSeed}, funded with 0.000000005 SOL from ${A}, 0 bytes, given to program ${O}`,
      warning: true,
    })
    expect(
      system([...le(9, 4), ...BASE.toBytes(), ...seed('vault'), ...le(8, 8), ...OWNER.toBytes(), 0]),
    ).toEqual([
      {
        label: 'Allocate space',
        value: `8 bytes for ${A} ${withSeed}, which is given to program ${O}`,
        warning: true,
      },
      extra('00', 1),
    ])
    expect(
      system([...le(10, 4), ...BASE.toBytes(), ...seed('vault'), ...OWNER.toBytes()])?.[0]?.warning,
    ).toBe(true)
    expect(system([...le(11, 4), ...le(7n, 8), ...seed('vault'), ...OWNER.toBytes()], [A, S, B])).toEqual([
      { label: 'Transfer', value: `0.000000007 SOL from ${A} ${withSeed} to ${B}` },
    ])
  })

  it('Allocate and the nonce instructions; AuthorizeNonceAccount hands the nonce over: a warning', () => {
    expect(system([...le(8, 4), ...le(100, 8)])).toEqual([
      { label: 'Allocate space', value: `100 bytes for ${A}` },
    ])
    expect(system(le(4, 4), [A, B, O])).toEqual([
      { label: 'Advance nonce', value: `nonce account ${A} (authority ${O})` },
    ])
    expect(system([...le(5, 4), ...le(2n, 8)], [A, B, S, S, O])).toEqual([
      { label: 'Withdraw from nonce account', value: `0.000000002 SOL from ${A} to ${B} (authority ${O})` },
    ])
    expect(system([...le(6, 4), ...OWNER.toBytes()])?.[0]?.value).toBe(`nonce account ${A} (authority ${O})`)
    expect(system([...le(7, 4), ...OWNER.toBytes()], [A, B])).toEqual([
      { label: 'Nonce authority', value: `nonce account ${A} goes to ${O} (from ${B})`, warning: true },
    ])
    expect(system(le(12, 4))).toEqual([{ label: 'Upgrade nonce account', value: A }])
  })

  it('data too short for its tag, or an unknown tag, gives no line (listed by the caller)', () => {
    expect(system([...le(2, 4), 1, 2, 3])).toBeUndefined()
    expect(system([...le(3, 4), ...BASE.toBytes(), ...le(99, 8), 1])).toBeUndefined()
    expect(system(le(13, 4))).toBeUndefined()
    expect(system([2])).toBeUndefined()
  })
})

describe('describeSolanaTransactions', () => {
  it('shows the fee payer and the base fee, with a warning when the wallet does not pay', () => {
    const transfer = SystemProgram.transfer({ fromPubkey: PAYER, toPubkey: TO, lamports: 1 })
    expect(describeTx([transfer], A).slice(2, 4)).toEqual([
      { label: 'Fee payer', value: A },
      { label: 'Base fee', value: '0.000005 SOL (1 × 5000 lamports per signature)' },
    ])
    expect(describeTx([transfer], O)[2]).toEqual({
      label: 'Fee payer',
      value: `${A}, not this wallet`,
      warning: true,
    })
  })

  it('ComputeBudget: each instruction in words, and the maximum priority fee from limit × price', () => {
    const fields = describeTx([
      ComputeBudgetProgram.setComputeUnitLimit({ units: 300_000 }),
      ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 1000 }),
      ComputeBudgetProgram.requestHeapFrame({ bytes: 65_536 }),
      raw(ComputeBudgetProgram.programId, [4, ...le(32_768, 4)]),
      SystemProgram.transfer({ fromPubkey: PAYER, toPubkey: TO, lamports: 1 }),
    ])
    expect(fields).toContainEqual({
      label: 'Max priority fee',
      value: 'up to 0.0000003 SOL (300000 compute units × 1000 micro-lamports)',
    })
    expect(fields).toContainEqual({ label: 'Compute unit limit', value: '300000' })
    expect(fields).toContainEqual({ label: 'Compute unit price', value: '1000 micro-lamports per unit' })
    expect(fields).toContainEqual({ label: 'Heap frame', value: '65,536 bytes' })
    expect(fields).toContainEqual({ label: 'Loaded accounts data limit', value: '32,768 bytes' })
    expect(fields.some((f) => f.warning)).toBe(false)
  })

  it('without a unit limit, 200,000 units per other instruction; a price that burns the balance warns', () => {
    const price = ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 5_000_000_000 })
    const transfer = SystemProgram.transfer({ fromPubkey: PAYER, toPubkey: TO, lamports: 1 })
    const fields = describeTx([price, transfer])
    expect(fields).toContainEqual({
      label: 'Max priority fee',
      value: 'up to 1.0 SOL (200000 compute units × 5000000000 micro-lamports)',
    })
    expect(fields).toContainEqual({
      label: 'Warning',
      value: 'The site set a priority fee of up to 1.0 SOL, over 0.01 SOL',
      warning: true,
    })
    // Against the chain's recent median: over 10× of it warns even under the absolute cap.
    const modest = ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 20_000 })
    expect(describeTx([modest, transfer], A, 1000n)).toContainEqual({
      label: 'Warning',
      value:
        'The site set a priority fee of up to 0.000004 SOL: a unit price over 10× the recent median of 1000 micro-lamports',
      warning: true,
    })
    expect(describeTx([modest, transfer], A, 5000n).some((f) => f.warning)).toBe(false)
    // A padded SetComputeUnitPrice still sets the price: decoded, with the extra bytes.
    const padded = raw(ComputeBudgetProgram.programId, [3, ...le(5_000_000_000n, 8), 0], [])
    expect(describeTx([padded, transfer])).toContainEqual(extra('00', 1))
    expect(describeTx([padded, transfer])).toContainEqual({
      label: 'Max priority fee',
      value: 'up to 1.0 SOL (200000 compute units × 5000000000 micro-lamports)',
    })
  })

  it('lists an instruction it cannot decode, with a warning as the FIRST line of the request', () => {
    const program = key(7)
    const fields = describeTx([
      SystemProgram.transfer({ fromPubkey: PAYER, toPubkey: TO, lamports: 1 }),
      raw(program, [0xde, 0xad], [PAYER, TO, OWNER]),
      raw(program, [], []),
    ])
    expect(fields[0]).toEqual({
      label: 'Not decoded',
      value:
        'The wallet cannot read 2 of the instructions below: what they do is not shown. Reject unless you trust the site with the accounts they list.',
      warning: true,
    })
    expect(fields).toContainEqual({
      label: 'Unknown instruction',
      value: `program ${program.toBase58()}; accounts: ${A} (writable, signer), ${B} (writable), ${O} (read-only); data (2 bytes): dead`,
      warning: true,
    })
    expect(fields).toContainEqual({
      label: 'Unknown instruction',
      value: `program ${program.toBase58()}; accounts: (none); data (0 bytes): none`,
      warning: true,
    })
    const decodedOnly = describeTx([SystemProgram.transfer({ fromPubkey: PAYER, toPubkey: TO, lamports: 1 })])
    expect(decodedOnly[0]).toEqual({ label: 'Instructions', value: '1' })
  })
})
