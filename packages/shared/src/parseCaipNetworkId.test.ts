import { describe, expect, it } from 'vitest'
import { parseCaipNetworkId } from './parseCaipNetworkId.ts'

describe('parseCaipNetworkId', () => {
  it('splits an EVM network id', () => {
    expect(parseCaipNetworkId('eip155:1')).toEqual({
      namespace: 'eip155',
      reference: '1',
      caipNetworkId: 'eip155:1',
    })
  })

  it('accepts every SPEC §3 namespace with a real reference', () => {
    const ids = [
      'eip155:1313161554',
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      'polkadot:91b171bb158e2d3848fa23a9f1c25182',
      'bip122:000000000019d6689c085ae165831e93',
      'cosmos:cosmoshub-4',
    ]
    for (const id of ids) expect(parseCaipNetworkId(id)?.caipNetworkId).toBe(id)
    expect(parseCaipNetworkId('cosmos:cosmoshub-4')?.namespace).toBe('cosmos')
    expect(parseCaipNetworkId('cosmos:cosmoshub-4')?.reference).toBe('cosmoshub-4')
  })

  it('refuses anything but two parts', () => {
    expect(parseCaipNetworkId('eip155')).toBeUndefined()
    expect(parseCaipNetworkId('eip155:1:0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBeUndefined()
    expect(parseCaipNetworkId('')).toBeUndefined()
    expect(parseCaipNetworkId(':')).toBeUndefined()
  })

  it('refuses unknown namespaces, in any case', () => {
    expect(parseCaipNetworkId('tezos:NetXdQprcVkpaWU')).toBeUndefined()
    expect(parseCaipNetworkId('EIP155:1')).toBeUndefined()
    expect(parseCaipNetworkId(' eip155:1')).toBeUndefined()
  })

  it('refuses empty, too long or ill-formed references', () => {
    expect(parseCaipNetworkId('eip155:')).toBeUndefined()
    expect(parseCaipNetworkId(`eip155:${'1'.repeat(65)}`)).toBeUndefined()
    expect(parseCaipNetworkId(`eip155:${'1'.repeat(64)}`)?.reference).toHaveLength(64)
    expect(parseCaipNetworkId('eip155:1 ')).toBeUndefined()
    expect(parseCaipNetworkId('eip155:1.5')).toBeUndefined()
  })
})
