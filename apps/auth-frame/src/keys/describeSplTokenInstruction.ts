import { formatUnits } from 'ethers'
import { numbered, type Phrase, phrase, type Shown } from '../i18n/phrase.ts'
import { extraBytesField, instructionData } from './instructionData.ts'
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
 * TransferChecked, Approve, ApproveChecked, SetAuthority, CloseAccount, Burn, BurnChecked, MintTo
 * and MintToChecked. The programs decode an instruction by its tag and leading fields and ignore
 * bytes after them, so a longer one is described as it runs, plus an extra-bytes warning. `accounts`
 * are the instruction's accounts, resolved to addresses. Another tag of these programs, or data too
 * short for its layout, gives `undefined` (the caller lists it as not decoded). Unchecked amounts
 * carry no decimals, so they are shown in raw units. `index` numbers the lines of one transaction
 * among several.
 */
export function describeSplTokenInstruction(
  programId: string,
  bytes: Uint8Array,
  accounts: readonly Shown[],
  index?: number,
): RequestField[] | undefined {
  if (programId !== TOKEN_PROGRAM && programId !== TOKEN_2022_PROGRAM) return undefined
  const data = instructionData(bytes)
  // The program's name is a name, the same in every language: a value of the label.
  const program = programId === TOKEN_PROGRAM ? 'SPL Token' : 'Token-2022'
  const at = (account: number): Shown => accounts[account] ?? phrase('spl.missingAccount')
  const raw = (amount: bigint) => phrase('spl.rawUnits', { amount: String(amount) })
  const checked = (amount: bigint, decimals: number, mint = 1) =>
    phrase('spl.ofMint', { amount: formatUnits(amount, decimals), mint: at(mint) })
  const field = (label: SplLabel, value: Phrase, used: number, warning = false): RequestField[] => [
    {
      label: numbered(phrase(label, { program }), index),
      value,
      ...(warning ? { warning: true as const } : {}),
    },
    ...extraBytesField(bytes, used, index),
  ]
  const amount = data.u64(1)
  const decimals = data.u8(9)
  switch (data.u8(0)) {
    case 3: // Transfer: amount u64; accounts source, destination, owner
      if (amount === undefined) return undefined
      return field(
        'spl.transfer',
        phrase('spl.transferValue', { amount: raw(amount), from: at(0), to: at(1), owner: at(2) }),
        9,
      )
    case 12: // TransferChecked: amount u64, decimals u8; accounts source, mint, destination, owner
      if (amount === undefined || decimals === undefined) return undefined
      return field(
        'spl.transfer',
        phrase('spl.transferValue', {
          amount: checked(amount, decimals),
          from: at(0),
          to: at(2),
          owner: at(3),
        }),
        10,
      )
    case 4: {
      // Approve: amount u64; accounts source, delegate, owner
      if (amount === undefined) return undefined
      const shown = amount === U64_MAX ? phrase('spl.unlimited') : raw(amount)
      return field(
        'spl.approve',
        phrase('spl.approveValue', { delegate: at(1), amount: shown, source: at(0), owner: at(2) }),
        9,
        true,
      )
    }
    case 13: {
      // ApproveChecked: amount u64, decimals u8; accounts source, mint, delegate, owner
      if (amount === undefined || decimals === undefined) return undefined
      const shown =
        amount === U64_MAX ? phrase('spl.unlimitedOfMint', { mint: at(1) }) : checked(amount, decimals)
      return field(
        'spl.approve',
        phrase('spl.approveValue', { delegate: at(2), amount: shown, source: at(0), owner: at(3) }),
        10,
        true,
      )
    }
    case 6: {
      // SetAuthority: authority type u8, COption<Pubkey> (u8 tag + 32 bytes); accounts target, current authority
      const type = data.u8(1)
      const option = data.u8(2)
      const nextKey = data.pubkey(3)
      const next = option === 1 ? nextKey : option === 0 ? phrase('spl.nobody') : undefined
      if (type === undefined || next === undefined) return undefined
      const known = AUTHORITY_TYPES[type]
      const authority = known ? phrase(known) : phrase('spl.authorityOther', { type: String(type) })
      return field(
        'spl.setAuthority',
        phrase('spl.setAuthorityValue', { authority, account: at(0), next, current: at(1) }),
        option === 1 ? 35 : 3,
        true,
      )
    }
    case 9: // CloseAccount: accounts account, destination, owner
      return field(
        'spl.closeAccount',
        phrase('spl.closeValue', { account: at(0), destination: at(1), owner: at(2) }),
        1,
      )
    case 8: // Burn: amount u64; accounts account, mint, owner
    case 15: {
      // BurnChecked: amount u64, decimals u8; same accounts
      const isChecked = data.u8(0) === 15
      if (amount === undefined || (isChecked && decimals === undefined)) return undefined
      const shown = isChecked ? checked(amount, decimals!) : raw(amount)
      return field(
        'spl.burn',
        phrase('spl.burnValue', { amount: shown, account: at(0), owner: at(2) }),
        isChecked ? 10 : 9,
      )
    }
    case 7: // MintTo: amount u64; accounts mint, account, mint authority
    case 14: {
      // MintToChecked: amount u64, decimals u8; same accounts
      const isChecked = data.u8(0) === 14
      if (amount === undefined || (isChecked && decimals === undefined)) return undefined
      const shown = isChecked ? formatUnits(amount, decimals!) : raw(amount)
      return field(
        'spl.mintTo',
        phrase('spl.mintToValue', { amount: shown, account: at(1), mint: at(0), authority: at(2) }),
        isChecked ? 10 : 9,
      )
    }
    default:
      return undefined
  }
}

type SplLabel =
  | 'spl.transfer'
  | 'spl.approve'
  | 'spl.setAuthority'
  | 'spl.closeAccount'
  | 'spl.burn'
  | 'spl.mintTo'
