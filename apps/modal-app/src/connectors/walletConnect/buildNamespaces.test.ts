import { getNetwork, type Network } from '@modalkit/shared'
import { expect, test } from 'vitest'
import { buildNamespaces } from './buildNamespaces.ts'

const networks = [
  'eip155:31337',
  'eip155:1',
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'bip122:000000000019d6689c085ae165831e93',
  'bip122:000000000933ea01ad0ee984209779ba',
]
  .map((id) => getNetwork(id))
  .filter((n): n is Network => n !== undefined)

test('proposes every configured eip155, solana and bip122 chain, each read through the API proxy', () => {
  expect(networks).toHaveLength(5)
  const result = buildNamespaces(networks, (id) => `https://api.test/v1/?chainId=${id}`)
  expect(Object.keys(result)).toEqual(['eip155', 'solana', 'bip122'])
  expect(result.eip155?.chains).toEqual(['eip155:31337', 'eip155:1'])
  expect(result.eip155?.rpcMap).toEqual({
    '31337': 'https://api.test/v1/?chainId=eip155:31337',
    '1': 'https://api.test/v1/?chainId=eip155:1',
  })
  expect(result.eip155?.methods).toContain('personal_sign')
  expect(result.eip155?.events).toEqual(['chainChanged', 'accountsChanged'])
  expect(result.solana?.chains).toEqual(['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'])
  expect(result.solana?.methods).toContain('solana_signTransaction')
  // WalletConnect's Bitcoin RPC; no RPC URL: the API has no Bitcoin node.
  expect(result.bip122).toEqual({
    chains: ['bip122:000000000019d6689c085ae165831e93', 'bip122:000000000933ea01ad0ee984209779ba'],
    methods: ['signMessage', 'signPsbt', 'sendTransfer', 'getAccountAddresses'],
    events: ['bip122_addressesChanged'],
    rpcMap: {},
  })
})

test('no namespace for a site with no network WalletConnect serves here', () => {
  expect(buildNamespaces([], () => '')).toEqual({})
  const polkadot: Network = {
    ...networks[0]!,
    chainNamespace: 'polkadot',
    caipNetworkId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182',
  }
  expect(buildNamespaces([polkadot], () => '')).toEqual({})
})
