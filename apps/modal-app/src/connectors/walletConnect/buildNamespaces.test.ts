import { getNetwork, type Network } from '@modalkit/shared'
import { expect, test } from 'vitest'
import { buildNamespaces } from './buildNamespaces.ts'

const networks = [
  'eip155:31337',
  'eip155:1',
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'bip122:000000000019d6689c085ae165831e93',
]
  .map((id) => getNetwork(id))
  .filter((n): n is Network => n !== undefined)

test('proposes every configured eip155 and solana chain, each read through the API proxy', () => {
  expect(networks).toHaveLength(4)
  const result = buildNamespaces(networks, (id) => `https://api.test/v1/?chainId=${id}`)
  expect(Object.keys(result)).toEqual(['eip155', 'solana'])
  expect(result.eip155?.chains).toEqual(['eip155:31337', 'eip155:1'])
  expect(result.eip155?.rpcMap).toEqual({
    '31337': 'https://api.test/v1/?chainId=eip155:31337',
    '1': 'https://api.test/v1/?chainId=eip155:1',
  })
  expect(result.eip155?.methods).toContain('personal_sign')
  expect(result.eip155?.events).toEqual(['chainChanged', 'accountsChanged'])
  expect(result.solana?.chains).toEqual(['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'])
  expect(result.solana?.methods).toContain('solana_signTransaction')
})

test('no namespace for a site with no eip155 or solana network', () => {
  expect(buildNamespaces([], () => '')).toEqual({})
})
