import { formatUnits } from 'ethers'
import type { FrameMessageKey } from '../i18n/en.ts'
import { numbered, phrase, type Shown } from '../i18n/phrase.ts'
import { extraBytesField, instructionData } from './instructionData.ts'
import type { RequestField } from './RequestDescription.ts'

export const SYSTEM_PROGRAM = '11111111111111111111111111111111'

const sol = (lamports: bigint) => `${formatUnits(lamports, 9)} SOL`

/**
 * One System program instruction in plain words, every one the program has: its u32 LE tag, then
 * its bincode fields. The program decodes by that prefix and ignores bytes after it, so a longer
 * instruction is described as it runs plus an extra-bytes warning. Giving an account to another
 * program (CreateAccount, Assign, their seed forms, AllocateWithSeed) or a nonce account to another
 * authority is a warning: the new owner controls the account and its SOL from then on. Data too
 * short for its tag, or an unknown tag, gives `undefined` (the caller lists it as not decoded).
 */
export function describeSystemInstruction(
  bytes: Uint8Array,
  accounts: readonly Shown[],
  index?: number,
): RequestField[] | undefined {
  const data = instructionData(bytes)
  const at = (account: number): Shown => accounts[account] ?? phrase('spl.missingAccount')
  const line = (label: FrameMessageKey, value: Shown, used: number, warning = false) => [
    {
      label: numbered(phrase(label), index),
      value,
      ...(warning ? { warning: true as const } : {}),
    },
    ...extraBytesField(bytes, used, index),
  ]
  const withSeed = (account: Shown, base: Shown, seed: string) =>
    phrase('solana.withSeed', { account, seed, base })
  switch (data.u32(0)) {
    case 0: {
      // CreateAccount { lamports, space, owner }; accounts [funding, new]
      const [lamports, space, owner] = [data.u64(4), data.u64(12), data.pubkey(20)]
      if (lamports === undefined || space === undefined || owner === undefined) return undefined
      const value = { account: at(1), amount: sol(lamports), from: at(0), space: String(space), owner }
      return line('solana.createAccount', phrase('solana.createAccountValue', value), 52, true)
    }
    case 1: {
      // Assign { owner }; accounts [assigned]
      const owner = data.pubkey(4)
      if (owner === undefined) return undefined
      return line('solana.assign', phrase('solana.assignValue', { account: at(0), owner }), 36, true)
    }
    case 2: {
      // Transfer { lamports }; accounts [from, to]
      const lamports = data.u64(4)
      if (lamports === undefined) return undefined
      const value = phrase('solana.transfer', { amount: sol(lamports), from: at(0), to: at(1) })
      return line('field.transfer', value, 12)
    }
    case 3: {
      // CreateAccountWithSeed { base, seed, lamports, space, owner }; accounts [funding, created, base?]
      const base = data.pubkey(4)
      const seed = data.string(36)
      if (base === undefined || seed === undefined) return undefined
      const [lamports, space, owner] = [
        data.u64(seed.end),
        data.u64(seed.end + 8),
        data.pubkey(seed.end + 16),
      ]
      if (lamports === undefined || space === undefined || owner === undefined) return undefined
      const account = withSeed(at(1), base, seed.text)
      const value = { account, amount: sol(lamports), from: at(0), space: String(space), owner }
      return line('solana.createAccount', phrase('solana.createAccountValue', value), seed.end + 48, true)
    }
    case 4: // AdvanceNonceAccount; accounts [nonce, recent blockhashes sysvar, authority]
      return line('solana.advanceNonce', phrase('solana.nonceValue', { account: at(0), authority: at(2) }), 4)
    case 5: {
      // WithdrawNonceAccount(lamports); accounts [nonce, to, recent blockhashes, rent, authority]
      const lamports = data.u64(4)
      if (lamports === undefined) return undefined
      const value = { amount: sol(lamports), from: at(0), to: at(1), authority: at(4) }
      return line('solana.withdrawNonce', phrase('solana.withdrawNonceValue', value), 12)
    }
    case 6: {
      // InitializeNonceAccount(authority); accounts [nonce, recent blockhashes, rent]
      const authority = data.pubkey(4)
      if (authority === undefined) return undefined
      return line('solana.initializeNonce', phrase('solana.nonceValue', { account: at(0), authority }), 36)
    }
    case 7: {
      // AuthorizeNonceAccount(new authority); accounts [nonce, authority]
      const next = data.pubkey(4)
      if (next === undefined) return undefined
      const value = phrase('solana.authorizeNonceValue', { account: at(0), next, authority: at(1) })
      return line('solana.authorizeNonce', value, 36, true)
    }
    case 8: {
      // Allocate { space }; accounts [account]
      const space = data.u64(4)
      if (space === undefined) return undefined
      const value = phrase('solana.allocateValue', { space: String(space), account: at(0) })
      return line('solana.allocate', value, 12)
    }
    case 9: {
      // AllocateWithSeed { base, seed, space, owner }; accounts [allocated, base]
      const base = data.pubkey(4)
      const seed = data.string(36)
      if (base === undefined || seed === undefined) return undefined
      const [space, owner] = [data.u64(seed.end), data.pubkey(seed.end + 8)]
      if (space === undefined || owner === undefined) return undefined
      const account = withSeed(at(0), base, seed.text)
      const value = phrase('solana.allocateAssignValue', { space: String(space), account, owner })
      return line('solana.allocate', value, seed.end + 40, true)
    }
    case 10: {
      // AssignWithSeed { base, seed, owner }; accounts [assigned, base]
      const base = data.pubkey(4)
      const seed = data.string(36)
      if (base === undefined || seed === undefined) return undefined
      const owner = data.pubkey(seed.end)
      if (owner === undefined) return undefined
      const account = withSeed(at(0), base, seed.text)
      return line('solana.assign', phrase('solana.assignValue', { account, owner }), seed.end + 32, true)
    }
    case 11: {
      // TransferWithSeed { lamports, from_seed, from_owner }; accounts [funding, base, to]
      const lamports = data.u64(4)
      const seed = data.string(12)
      if (lamports === undefined || seed === undefined) return undefined
      const fromOwner = data.pubkey(seed.end)
      if (fromOwner === undefined) return undefined
      // The funding account is derived from the base account, the seed and the owner program.
      const from = withSeed(at(0), at(1), seed.text)
      const value = phrase('solana.transfer', { amount: sol(lamports), from, to: at(2) })
      return line('field.transfer', value, seed.end + 32)
    }
    case 12: // UpgradeNonceAccount; accounts [nonce]
      return line('solana.upgradeNonce', at(0), 4)
    default:
      return undefined
  }
}
