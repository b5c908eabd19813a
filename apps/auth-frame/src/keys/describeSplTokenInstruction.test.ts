import { PublicKey, Transaction, TransactionInstruction } from '@solana/web3.js'
import { describe, expect, it } from 'vitest'
import { fieldsInEnglish } from '../i18n/inEnglish.ts'
import { describeRequest } from './describeRequest.ts'
import {
  describeSplTokenInstruction,
  TOKEN_2022_PROGRAM,
  TOKEN_PROGRAM,
} from './describeSplTokenInstruction.ts'

const key = (fill: number) => new PublicKey(new Uint8Array(32).fill(fill)).toBase58()
const [SOURCE, MINT, DEST, OWNER] = [key(1), key(2), key(3), key(4)]
const u64 = (amount: bigint) => {
  const bytes = new Uint8Array(8)
  new DataView(bytes.buffer).setBigUint64(0, amount, true)
  return [...bytes]
}
/** The instruction's line as the English screen reads it. */
const describeToken = (data: number[], accounts: string[], program = TOKEN_PROGRAM) => {
  const fields = describeSplTokenInstruction(program, Uint8Array.from(data), accounts)
  return fields && fieldsInEnglish(fields)[0]
}

describe('describeSplTokenInstruction', () => {
  it('Transfer and TransferChecked (Token and Token-2022)', () => {
    expect(describeToken([3, ...u64(1500n)], [SOURCE, DEST, OWNER])).toEqual({
      label: 'SPL Token transfer',
      value: `1500 (raw units) from ${SOURCE} to ${DEST} (owner ${OWNER})`,
    })
    expect(
      describeToken([12, ...u64(1_500_000n), 6], [SOURCE, MINT, DEST, OWNER], TOKEN_2022_PROGRAM),
    ).toEqual({
      label: 'Token-2022 transfer',
      value: `1.5 of mint ${MINT} from ${SOURCE} to ${DEST} (owner ${OWNER})`,
    })
  })

  it('Approve and ApproveChecked, with u64::MAX as Unlimited', () => {
    expect(describeToken([4, ...u64(2n ** 64n - 1n)], [SOURCE, DEST, OWNER])?.value).toBe(
      `Allow ${DEST} to spend Unlimited from ${SOURCE} (owner ${OWNER})`,
    )
    expect(describeToken([13, ...u64(25n), 1], [SOURCE, MINT, DEST, OWNER])).toEqual({
      label: 'SPL Token approve',
      value: `Allow ${DEST} to spend 2.5 of mint ${MINT} from ${SOURCE} (owner ${OWNER})`,
      warning: true,
    })
  })

  it('SetAuthority and CloseAccount', () => {
    const next = new PublicKey(DEST).toBytes()
    expect(describeToken([6, 2, 1, ...next], [SOURCE, OWNER])?.value).toBe(
      `account owner of ${SOURCE} goes to ${DEST} (from ${OWNER})`,
    )
    expect(describeToken([6, 0, 0], [MINT, OWNER])?.value).toBe(
      `mint tokens of ${MINT} goes to nobody (from ${OWNER})`,
    )
    expect(describeToken([9], [SOURCE, DEST, OWNER])?.value).toBe(
      `${SOURCE}, its lamports to ${DEST} (owner ${OWNER})`,
    )
  })

  it('numbers the line with its transaction, and names an account it lacks', () => {
    const fields = describeSplTokenInstruction(TOKEN_PROGRAM, Uint8Array.from([9]), [SOURCE, DEST], 2)
    expect(fields && fieldsInEnglish(fields)).toEqual([
      {
        label: '#2 SPL Token close account',
        value: `${SOURCE}, its lamports to ${DEST} (owner (missing account))`,
      },
    ])
  })

  it('Burn, BurnChecked, MintTo and MintToChecked', () => {
    expect(describeToken([8, ...u64(5n)], [SOURCE, MINT, OWNER])).toEqual({
      label: 'SPL Token burn',
      value: `5 (raw units) from ${SOURCE} (owner ${OWNER})`,
    })
    expect(describeToken([15, ...u64(1_500n), 3], [SOURCE, MINT, OWNER])?.value).toBe(
      `1.5 of mint ${MINT} from ${SOURCE} (owner ${OWNER})`,
    )
    expect(describeToken([7, ...u64(9n)], [MINT, DEST, OWNER])).toEqual({
      label: 'SPL Token mint',
      value: `9 (raw units) to ${DEST} (mint ${MINT}, authority ${OWNER})`,
    })
    expect(describeToken([14, ...u64(25n), 1], [MINT, DEST, OWNER])?.value).toBe(
      `2.5 to ${DEST} (mint ${MINT}, authority ${OWNER})`,
    )
  })

  it('decodes by prefix, as the program does: trailing bytes are a warning line, never no line', () => {
    const padded = (data: number[], accounts: string[]) => {
      const fields = describeSplTokenInstruction(TOKEN_PROGRAM, Uint8Array.from(data), accounts)
      return fields && fieldsInEnglish(fields)
    }
    const extra = (hex: string, count: number) => ({
      label: 'Extra data',
      value: `+${count} extra bytes after the instruction: ${hex}`,
      warning: true,
    })
    expect(padded([4, ...u64(2n ** 64n - 1n), 0xaa], [SOURCE, DEST, OWNER])).toEqual([
      {
        label: 'SPL Token approve',
        value: `Allow ${DEST} to spend Unlimited from ${SOURCE} (owner ${OWNER})`,
        warning: true,
      },
      extra('aa', 1),
    ])
    expect(padded([13, ...u64(25n), 1, 0, 0], [SOURCE, MINT, DEST, OWNER])?.[1]).toEqual(extra('0000', 2))
    const next = [...new PublicKey(DEST).toBytes()]
    expect(padded([6, 2, 1, ...next, 7], [SOURCE, OWNER])).toEqual([
      {
        label: 'SPL Token set authority',
        value: `account owner of ${SOURCE} goes to ${DEST} (from ${OWNER})`,
        warning: true,
      },
      extra('07', 1),
    ])
    // With no new authority the program reads 3 bytes: a key after them is extra, not the new one.
    expect(padded([6, 2, 0, ...next], [SOURCE, OWNER])?.[0]?.value).toBe(
      `account owner of ${SOURCE} goes to nobody (from ${OWNER})`,
    )
    expect(padded([9, 1], [SOURCE, DEST, OWNER])?.[1]).toEqual(extra('01', 1))
    expect(padded([3, ...u64(1n), 9, 9, 9], [SOURCE, DEST, OWNER])?.[1]).toEqual(extra('090909', 3))
    expect(padded([12, ...u64(1n), 0, 1], [SOURCE, MINT, DEST, OWNER])?.[1]).toEqual(extra('01', 1))
    expect(padded([8, ...u64(1n), 1], [SOURCE, MINT, OWNER])?.[1]).toEqual(extra('01', 1))
    expect(padded([7, ...u64(1n), 1], [MINT, DEST, OWNER])?.[1]).toEqual(extra('01', 1))
  })

  it('other programs, other instructions and data too short give no line (listed by the caller)', () => {
    expect(describeSplTokenInstruction(key(9), Uint8Array.from([3, ...u64(1n)]), [])).toBeUndefined()
    expect(describeToken([5], [SOURCE, OWNER])).toBeUndefined()
    expect(describeToken([3, 1, 2], [SOURCE, DEST, OWNER])).toBeUndefined()
    expect(describeToken([12, ...u64(1n)], [SOURCE, MINT, DEST, OWNER])).toBeUndefined()
    expect(describeToken([6, 2, 1, 1, 2], [SOURCE, OWNER])).toBeUndefined()
    expect(describeToken([6, 2, 2], [SOURCE, OWNER])).toBeUndefined()
  })

  it('describeRequest decodes them inside a Solana transaction', () => {
    const payer = new PublicKey(OWNER)
    const tx = new Transaction({ feePayer: payer, recentBlockhash: key(7) })
      .add(
        new TransactionInstruction({
          programId: new PublicKey(TOKEN_PROGRAM),
          keys: [SOURCE, MINT, DEST, OWNER].map((k) => ({
            pubkey: new PublicKey(k),
            isSigner: k === OWNER,
            isWritable: k !== MINT,
          })),
          data: Buffer.from([12, ...u64(7_000n), 3]),
        }),
      )
      .serialize({ requireAllSignatures: false, verifySignatures: false })
      .toString('base64')
    const { fields } = describeRequest('solana_signTransaction', { transaction: tx })
    expect(fieldsInEnglish(fields)).toContainEqual({
      label: 'SPL Token transfer',
      value: `7.0 of mint ${MINT} from ${SOURCE} to ${DEST} (owner ${OWNER})`,
    })
  })
})
