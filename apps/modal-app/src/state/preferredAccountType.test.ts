import { describe, expect, it } from 'vitest'
import { createMemoryStorage } from '../env/createMemoryStorage.ts'
import {
  PREFERRED_ACCOUNT_TYPES_KEY,
  readPreferredAccountTypes,
  resolvePreferredAccountType,
  writePreferredAccountType,
} from './preferredAccountType.ts'

describe('resolvePreferredAccountType (SPEC §4)', () => {
  it('takes the stored choice first, then the site default for the namespace, then an EOA', () => {
    const defaults = { eip155: 'smartAccount' as const }
    expect(resolvePreferredAccountType('eip155', { eip155: 'eoa' }, defaults)).toBe('eoa')
    expect(resolvePreferredAccountType('eip155', {}, defaults)).toBe('smartAccount')
    expect(resolvePreferredAccountType('solana', {}, defaults)).toBe('eoa')
    expect(resolvePreferredAccountType('eip155', {}, undefined)).toBe('eoa')
  })
})

describe('stored choices', () => {
  it('round-trip per namespace under the @appkit-wallet/ prefix', () => {
    const storage = createMemoryStorage()
    writePreferredAccountType(storage, 'eip155', 'smartAccount')
    writePreferredAccountType(storage, 'solana', 'eoa')
    expect(readPreferredAccountTypes(storage)).toEqual({ eip155: 'smartAccount', solana: 'eoa' })
    expect(PREFERRED_ACCOUNT_TYPES_KEY).toBe('@appkit-wallet/PREFERRED_ACCOUNT_TYPES')
  })

  it('ignore unreadable or unknown values', () => {
    const storage = createMemoryStorage()
    storage.setItem(PREFERRED_ACCOUNT_TYPES_KEY, '{"eip155":"root","solana":"eoa"}')
    expect(readPreferredAccountTypes(storage)).toEqual({ solana: 'eoa' })
    storage.setItem(PREFERRED_ACCOUNT_TYPES_KEY, 'not json')
    expect(readPreferredAccountTypes(storage)).toEqual({})
    expect(readPreferredAccountTypes(undefined)).toEqual({})
  })
})
