import type { HostSnapshot } from '@modalkit/protocol'
import { describe, expect, it } from 'vitest'
import { providerEvents } from './providerEvents.ts'
import { INITIAL_SNAPSHOT } from './store.ts'

const mainnet = {
  caipNetworkId: 'eip155:1',
  id: 1,
  name: 'Ethereum',
  chainNamespace: 'eip155',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
} as const
const local = { ...mainnet, caipNetworkId: 'eip155:31337', id: 31337, name: 'Local' } as const
const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

function snapshot(patch: Partial<HostSnapshot>): HostSnapshot {
  return { ...INITIAL_SNAPSHOT, ...patch }
}
const connected = (network = mainnet) =>
  snapshot({ network, accounts: [{ namespace: 'eip155', status: 'connected', address }] })

describe('providerEvents', () => {
  it('emits connect then accountsChanged when an account connects', () => {
    expect(providerEvents(snapshot({ network: mainnet }), connected())).toEqual([
      ['connect', { chainId: '0x1' }],
      ['accountsChanged', [address]],
    ])
  })

  it('emits accountsChanged then disconnect when it disconnects', () => {
    expect(providerEvents(connected(), snapshot({ network: mainnet }))).toEqual([
      ['accountsChanged', []],
      ['disconnect', { code: 4900, message: 'The provider is disconnected from all chains' }],
    ])
  })

  it('emits chainChanged in hex when the EVM network changes', () => {
    expect(providerEvents(snapshot({ network: mainnet }), snapshot({ network: local }))).toEqual([
      ['chainChanged', '0x7a69'],
    ])
  })

  it('emits nothing for unrelated changes', () => {
    expect(providerEvents(connected(), { ...connected(), open: true, view: 'Account' })).toEqual([])
  })

  it('ignores accounts that are only connecting', () => {
    const connecting = snapshot({
      network: mainnet,
      accounts: [{ namespace: 'eip155', status: 'connecting' }],
    })
    expect(providerEvents(snapshot({ network: mainnet }), connecting)).toEqual([])
  })
})
