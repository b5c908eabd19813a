import { describe, expect, it } from 'vitest'
import { isAddressForNamespace } from './isAddressForNamespace.ts'

const EVM = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const SOLANA = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

describe('isAddressForNamespace', () => {
  it('uses the SPEC §5 rules for eip155 and solana', () => {
    expect(isAddressForNamespace('eip155', EVM)).toBe(true)
    expect(isAddressForNamespace('eip155', SOLANA)).toBe(false)
    expect(isAddressForNamespace('solana', SOLANA)).toBe(true)
    expect(isAddressForNamespace('solana', EVM)).toBe(false)
  })

  it('accepts real Bitcoin addresses of every kind', () => {
    const addresses = [
      '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', // P2PKH, genesis coinbase
      '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', // P2SH
      'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', // P2WPKH
      'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3', // P2WSH (BIP-173)
      'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297', // P2TR (BIP-86)
      'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', // upper-case bech32 (BIP-173)
      'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', // testnet
      'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', // testnet P2PKH
    ]
    for (const address of addresses) expect(isAddressForNamespace('bip122', address), address).toBe(true)
  })

  it('refuses what is not a Bitcoin address', () => {
    expect(isAddressForNamespace('bip122', EVM)).toBe(false)
    expect(isAddressForNamespace('bip122', 'bc1QAR0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe(false) // mixed case
    expect(isAddressForNamespace('bip122', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdb')).toBe(false) // b is not bech32
    expect(isAddressForNamespace('bip122', '0A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe(false)
  })

  it('accepts SS58 addresses for polkadot', () => {
    expect(isAddressForNamespace('polkadot', '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5')).toBe(true)
    expect(isAddressForNamespace('polkadot', '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY')).toBe(true)
    expect(isAddressForNamespace('polkadot', SOLANA)).toBe(false)
    expect(isAddressForNamespace('polkadot', EVM)).toBe(false)
  })

  it('accepts bech32 account addresses for cosmos', () => {
    expect(isAddressForNamespace('cosmos', 'cosmos1hsk6jryyqjfhp5dhc55tc9jtckygx0eph6dd02')).toBe(true)
    expect(isAddressForNamespace('cosmos', 'osmo1hsk6jryyqjfhp5dhc55tc9jtckygx0eplp7aec')).toBe(true)
    expect(isAddressForNamespace('cosmos', 'cosmos1short')).toBe(false)
    expect(isAddressForNamespace('cosmos', EVM)).toBe(false)
  })

  it('refuses unknown namespaces and empty addresses', () => {
    expect(isAddressForNamespace('tezos', 'tz1VSUr8wwNhLAzempoch5d6hLRiTh8Cjcjb')).toBe(false)
    expect(isAddressForNamespace('EIP155', EVM)).toBe(false)
    for (const namespace of ['eip155', 'solana', 'bip122', 'polkadot', 'cosmos']) {
      expect(isAddressForNamespace(namespace, '')).toBe(false)
    }
  })
})
