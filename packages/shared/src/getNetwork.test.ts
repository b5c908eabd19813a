import { expect, it } from 'vitest'
import { getNetwork } from './getNetwork.ts'
import { NETWORKS } from './networks.ts'

it('finds a network by its CAIP-2 id', () => {
  expect(getNetwork('eip155:8453')?.name).toBe('Base')
  expect(getNetwork('eip155:1')).toBe(NETWORKS[0])
  expect(getNetwork('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1')).toMatchObject({
    name: 'Solana Devnet',
    testnet: true,
  })
  expect(getNetwork('bip122:000000000933ea01ad0ee984209779ba')).toMatchObject({
    name: 'Bitcoin Testnet',
    testnet: true,
  })
  expect(getNetwork('eip155:31338')).toMatchObject({ id: 31338, name: 'Local Anvil B', testnet: true })
  for (const network of NETWORKS) expect(getNetwork(network.caipNetworkId)).toBe(network)
})

it('gives undefined for unknown or ill-formed ids', () => {
  expect(getNetwork('eip155:999999')).toBeUndefined()
  expect(getNetwork('1')).toBeUndefined()
  expect(getNetwork('eip155:0x1')).toBeUndefined()
  expect(getNetwork('EIP155:1')).toBeUndefined()
  expect(getNetwork('')).toBeUndefined()
})
