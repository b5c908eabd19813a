import { encodeBase58 } from '@modalkit/shared'
import { formatUnits } from 'ethers'
import { numbered, type Phrase, phrase, type Shown } from '../i18n/phrase.ts'
import type { RequestField } from './RequestDescription.ts'

export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'

const U64_MAX = 2n ** 64n - 1n
const AUTHORITY_TYPES = [
  'spl.authorityMintTokens',
  'spl.authorityFreezeAccount',
  'spl.authorityAccountOwner',
  'spl.authorityCloseAccount',
] as const

/**
 * One SPL Token (or Token-2022, same layouts for these) instruction in plain words: Transfer,
 * TransferChecked, Approve, ApproveChecked, SetAuthority and CloseAccount. `accounts` are the
 * instruction's accounts, resolved to addresses. Anything else of these programs, or data that does
 * not fit its layout, gives `undefined` (the caller shows the program and the raw instruction).
 * Unchecked amounts carry no decimals, so they are shown in raw units. `index` numbers the lines of
 * one transaction among several.
 */
export function describeSplTokenInstruction(
  programId: string,
  data: Uint8Array,
  accounts: readonly Shown[],
  index?: number,
): RequestField | undefined {
  if (programId !== TOKEN_PROGRAM && programId !== TOKEN_2022_PROGRAM) return undefined
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  // The program's name is a name, the same in every language: a value of the label.
  const program = programId === TOKEN_PROGRAM ? 'SPL Token' : 'Token-2022'
  const at = (account: number): Shown => accounts[account] ?? phrase('spl.missingAccount')
  const raw = (amount: bigint) => phrase('spl.rawUnits', { amount: String(amount) })
  const checked = (amount: bigint, decimals: number) =>
    phrase('spl.ofMint', { amount: formatUnits(amount, decimals), mint: at(1) })
  const field = (label: SplLabel, value: Phrase, warning = false): RequestField => ({
    label: numbered(phrase(label, { program }), index),
    value,
    ...(warning ? { warning: true as const } : {}),
  })
  switch (data[0]) {
    case 3: // Transfer: amount u64; accounts source, destination, owner
      if (data.length !== 9) return undefined
      return field(
        'spl.transfer',
        phrase('spl.transferValue', {
          amount: raw(view.getBigUint64(1, true)),
          from: at(0),
          to: at(1),
          owner: at(2),
        }),
      )
    case 12: // TransferChecked: amount u64, decimals u8; accounts source, mint, destination, owner
      if (data.length !== 10) return undefined
      return field(
        'spl.transfer',
        phrase('spl.transferValue', {
          amount: checked(view.getBigUint64(1, true), data[9]!),
          from: at(0),
          to: at(2),
          owner: at(3),
        }),
      )
    case 4: {
      // Approve: amount u64; accounts source, delegate, owner
      if (data.length !== 9) return undefined
      const amount = view.getBigUint64(1, true)
      const shown = amount === U64_MAX ? phrase('spl.unlimited') : raw(amount)
      return field(
        'spl.approve',
        phrase('spl.approveValue', { delegate: at(1), amount: shown, source: at(0), owner: at(2) }),
        true,
      )
    }
    case 13: {
      // ApproveChecked: amount u64, decimals u8; accounts source, mint, delegate, owner
      if (data.length !== 10) return undefined
      const amount = view.getBigUint64(1, true)
      const shown =
        amount === U64_MAX ? phrase('spl.unlimitedOfMint', { mint: at(1) }) : checked(amount, data[9]!)
      return field(
        'spl.approve',
        phrase('spl.approveValue', { delegate: at(2), amount: shown, source: at(0), owner: at(3) }),
        true,
      )
    }
    case 6: {
      // SetAuthority: authority type u8, COption<Pubkey> (u8 tag + 32 bytes); accounts target, current authority
      if (data.length !== 3 && data.length !== 35) return undefined
      const known = AUTHORITY_TYPES[data[1]!]
      const authority = known ? phrase(known) : phrase('spl.authorityOther', { type: String(data[1]) })
      const next =
        data[2] === 1 && data.length === 35
          ? encodeBase58(data.subarray(3, 35))
          : data[2] === 0
            ? phrase('spl.nobody')
            : undefined
      if (next === undefined) return undefined
      return field(
        'spl.setAuthority',
        phrase('spl.setAuthorityValue', { authority, account: at(0), next, current: at(1) }),
        true,
      )
    }
    case 9: // CloseAccount: accounts account, destination, owner
      if (data.length !== 1) return undefined
      return field(
        'spl.closeAccount',
        phrase('spl.closeValue', { account: at(0), destination: at(1), owner: at(2) }),
      )
    default:
      return undefined
  }
}

type SplLabel = 'spl.transfer' | 'spl.approve' | 'spl.setAuthority' | 'spl.closeAccount'
