import { encodeBase58 } from '@modalkit/shared'
import { formatUnits } from 'ethers'
import type { RequestField } from './RequestDescription.ts'

export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'

const U64_MAX = 2n ** 64n - 1n
const AUTHORITY_TYPES = ['mint tokens', 'freeze account', 'account owner', 'close account']

/**
 * One SPL Token (or Token-2022, same layouts for these) instruction in plain words: Transfer,
 * TransferChecked, Approve, ApproveChecked, SetAuthority and CloseAccount. `accounts` are the
 * instruction's accounts, resolved to addresses. Anything else of these programs, or data that does
 * not fit its layout, gives `undefined` (the caller shows the program and the raw instruction).
 * Unchecked amounts carry no decimals, so they are shown in raw units.
 */
export function describeSplTokenInstruction(
  programId: string,
  data: Uint8Array,
  accounts: readonly string[],
  prefix = '',
): RequestField | undefined {
  if (programId !== TOKEN_PROGRAM && programId !== TOKEN_2022_PROGRAM) return undefined
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  const program = programId === TOKEN_PROGRAM ? 'SPL Token' : 'Token-2022'
  const at = (index: number) => accounts[index] ?? '(missing account)'
  const raw = (amount: bigint) => `${amount} (raw units)`
  const checked = (amount: bigint, decimals: number) => `${formatUnits(amount, decimals)} of mint ${at(1)}`
  const field = (label: string, value: string, warning = false): RequestField => ({
    label: `${prefix}${program} ${label}`,
    value,
    ...(warning ? { warning: true as const } : {}),
  })
  switch (data[0]) {
    case 3: // Transfer: amount u64; accounts source, destination, owner
      if (data.length !== 9) return undefined
      return field(
        'transfer',
        `${raw(view.getBigUint64(1, true))} from ${at(0)} to ${at(1)} (owner ${at(2)})`,
      )
    case 12: // TransferChecked: amount u64, decimals u8; accounts source, mint, destination, owner
      if (data.length !== 10) return undefined
      return field(
        'transfer',
        `${checked(view.getBigUint64(1, true), data[9]!)} from ${at(0)} to ${at(2)} (owner ${at(3)})`,
      )
    case 4: {
      // Approve: amount u64; accounts source, delegate, owner
      if (data.length !== 9) return undefined
      const amount = view.getBigUint64(1, true)
      const shown = amount === U64_MAX ? 'Unlimited' : raw(amount)
      return field('approve', `Allow ${at(1)} to spend ${shown} from ${at(0)} (owner ${at(2)})`, true)
    }
    case 13: {
      // ApproveChecked: amount u64, decimals u8; accounts source, mint, delegate, owner
      if (data.length !== 10) return undefined
      const amount = view.getBigUint64(1, true)
      const shown = amount === U64_MAX ? `Unlimited of mint ${at(1)}` : checked(amount, data[9]!)
      return field('approve', `Allow ${at(2)} to spend ${shown} from ${at(0)} (owner ${at(3)})`, true)
    }
    case 6: {
      // SetAuthority: authority type u8, COption<Pubkey> (u8 tag + 32 bytes); accounts target, current authority
      if (data.length !== 3 && data.length !== 35) return undefined
      const type = AUTHORITY_TYPES[data[1]!] ?? `authority type ${data[1]}`
      const next =
        data[2] === 1 && data.length === 35
          ? encodeBase58(data.subarray(3, 35))
          : data[2] === 0
            ? 'nobody'
            : undefined
      if (next === undefined) return undefined
      return field('set authority', `${type} of ${at(0)} goes to ${next} (from ${at(1)})`, true)
    }
    case 9: // CloseAccount: accounts account, destination, owner
      if (data.length !== 1) return undefined
      return field('close account', `${at(0)}, its lamports to ${at(1)} (owner ${at(2)})`)
    default:
      return undefined
  }
}
