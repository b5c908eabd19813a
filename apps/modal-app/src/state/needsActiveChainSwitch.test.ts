import type { AccountState } from '@modalkit/protocol'
import { describe, expect, it } from 'vitest'
import { needsActiveChainSwitch } from './needsActiveChainSwitch.ts'

const evm: AccountState = { namespace: 'eip155', status: 'connected', address: '0x1' }
const solana: AccountState = { namespace: 'solana', status: 'connected', address: 'So1' }

describe('needsActiveChainSwitch', () => {
  it('asks when another family is picked and only the active one has a wallet', () => {
    expect(needsActiveChainSwitch('solana', 'eip155', [evm])).toBe(true)
    expect(
      needsActiveChainSwitch('bip122', 'eip155', [evm, { namespace: 'bip122', status: 'connecting' }]),
    ).toBe(true)
  })

  it('switches directly within a family, when the target family has a wallet, or when nothing is connected', () => {
    expect(needsActiveChainSwitch('eip155', 'eip155', [evm])).toBe(false)
    expect(needsActiveChainSwitch('solana', 'eip155', [evm, solana])).toBe(false)
    expect(
      needsActiveChainSwitch('solana', 'eip155', [{ namespace: 'eip155', status: 'disconnected' }]),
    ).toBe(false)
    expect(needsActiveChainSwitch('solana', undefined, [evm])).toBe(false)
  })
})
