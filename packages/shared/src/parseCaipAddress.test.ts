import { describe, expect, it } from 'vitest'
import { parseCaipAddress } from './parseCaipAddress.ts'

describe('parseCaipAddress', () => {
  it('splits an EVM account id', () => {
    expect(parseCaipAddress('eip155:1:0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toEqual({
      namespace: 'eip155',
      reference: '1',
      address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      caipNetworkId: 'eip155:1',
    })
  })

  it('splits Solana and Bitcoin account ids', () => {
    expect(
      parseCaipAddress(
        'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
      ),
    ).toEqual({
      namespace: 'solana',
      reference: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      address: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
      caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    })
    expect(
      parseCaipAddress('bip122:000000000019d6689c085ae165831e93:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')
        ?.caipNetworkId,
    ).toBe('bip122:000000000019d6689c085ae165831e93')
  })

  it('refuses anything but three parts', () => {
    expect(parseCaipAddress('eip155:1')).toBeUndefined()
    expect(parseCaipAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBeUndefined()
    expect(parseCaipAddress('eip155:1:0xabc:extra')).toBeUndefined()
    expect(parseCaipAddress('')).toBeUndefined()
  })

  it('refuses unknown namespaces and empty or ill-formed parts', () => {
    expect(parseCaipAddress('foo:1:0xabc')).toBeUndefined()
    expect(parseCaipAddress('eip155::0xabc')).toBeUndefined()
    expect(parseCaipAddress('eip155:1:')).toBeUndefined()
    expect(parseCaipAddress('eip155:1:0x abc')).toBeUndefined()
    expect(parseCaipAddress(`eip155:1:${'a'.repeat(129)}`)).toBeUndefined()
    expect(parseCaipAddress(`eip155:1:${'a'.repeat(128)}`)?.address).toHaveLength(128)
  })
})
