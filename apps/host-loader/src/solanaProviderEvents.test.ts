import type { HostSnapshot } from '@modalkit/protocol'
import { describe, expect, it } from 'vitest'
import { solanaProviderEvents, solanaPublicKey } from './solanaProviderEvents.ts'
import { INITIAL_SNAPSHOT } from './store.ts'

const A = 'GRYnpvyTctLiftw4vtvrNBxCJFxVdCTncozm53pCywZ'
const B = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const evm = {
  namespace: 'eip155',
  status: 'connected',
  address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
} as const

const with_ = (address?: string, status: 'connected' | 'connecting' = 'connected'): HostSnapshot => ({
  ...INITIAL_SNAPSHOT,
  accounts: [evm, ...(address ? [{ namespace: 'solana' as const, status, address }] : [])],
})

describe('solanaProviderEvents', () => {
  it('reads the connected Solana account only', () => {
    expect(solanaPublicKey(with_(A))).toBe(A)
    expect(solanaPublicKey(with_(A, 'connecting'))).toBeNull()
    expect(solanaPublicKey(with_())).toBeNull()
  })

  it('emits connect, accountChanged and disconnect with the public key, as injected Solana wallets', () => {
    expect(solanaProviderEvents(with_(), with_(A))).toEqual([['connect', A]])
    expect(solanaProviderEvents(with_(A), with_(B))).toEqual([['accountChanged', B]])
    expect(solanaProviderEvents(with_(B), with_())).toEqual([['disconnect', undefined]])
    expect(solanaProviderEvents(with_(A), with_(A))).toEqual([])
    // EVM changes are not the Solana provider's.
    expect(solanaProviderEvents(with_(A), { ...with_(A), accounts: [with_(A).accounts[1]!] })).toEqual([])
  })
})
