import type { HostSnapshot } from '@modalkit/protocol'
import { describe, expect, it } from 'vitest'
import { bitcoinAddress, bitcoinProviderEvents } from './bitcoinProviderEvents.ts'
import { INITIAL_SNAPSHOT } from './store.ts'

const BTC = 'bip122:000000000019d6689c085ae165831e93'
const TBTC = 'bip122:000000000933ea01ad0ee984209779ba'
const MAIN = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'
const TEST = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx'

const state = (
  address: string | undefined,
  network: `${string}:${string}` = BTC,
  status: 'connected' | 'connecting' = 'connected',
): HostSnapshot => ({
  ...INITIAL_SNAPSHOT,
  selectedNetworkId: network as HostSnapshot['selectedNetworkId'],
  accounts: address ? [{ namespace: 'bip122', status, address }] : [],
})

describe('bitcoinProviderEvents', () => {
  it('reads the connected Bitcoin account only', () => {
    expect(bitcoinAddress(state(MAIN))).toBe(MAIN)
    expect(bitcoinAddress(state(MAIN, BTC, 'connecting'))).toBeNull()
    expect(bitcoinAddress(state(undefined))).toBeNull()
  })

  it('emits connect and disconnect with the address, and the network once connected', () => {
    expect(bitcoinProviderEvents(state(undefined), state(MAIN))).toEqual([['connect', MAIN]])
    expect(bitcoinProviderEvents(state(MAIN), state(undefined, TBTC))).toEqual([['disconnect', undefined]])
    expect(bitcoinProviderEvents(state(MAIN), state(MAIN))).toEqual([])
    expect(bitcoinProviderEvents(state(undefined, BTC), state(undefined, TBTC))).toEqual([])
  })

  it('a switch to testnet is a new address and a new chain', () => {
    expect(bitcoinProviderEvents(state(MAIN, BTC), state(TEST, TBTC))).toEqual([
      ['accountsChanged', [TEST]],
      ['chainChanged', TBTC],
    ])
    // Leaving Bitcoin for another family's network is no Bitcoin chain change.
    expect(bitcoinProviderEvents(state(MAIN, BTC), state(MAIN, 'eip155:1'))).toEqual([])
  })
})
