import { describe, expect, it } from 'vitest'
import { bitcoinNetworkOfAddress } from './bitcoinNetworkOfAddress.ts'
import { bitcoinWalletRequestSchema } from './bitcoinWalletRequest.ts'
import { bitcoinWalletEventSchema, bitcoinWalletSchema } from './bitcoinWallets.ts'

const ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'

describe('Bitcoin browser wallet messages', () => {
  it('accept a wallet with an image icon, and refuse a script URL icon, a long name or an odd id', () => {
    const wallet = { id: 'sats-connect:Xverse.BitcoinProvider', name: 'Xverse', kind: 'sats-connect' }
    expect(bitcoinWalletSchema.safeParse({ ...wallet, icon: 'data:image/png;base64,AA==' }).success).toBe(
      true,
    )
    expect(bitcoinWalletSchema.safeParse({ ...wallet, icon: 'javascript:alert(1)' }).success).toBe(false)
    expect(bitcoinWalletSchema.safeParse({ ...wallet, name: 'x'.repeat(65) }).success).toBe(false)
    expect(bitcoinWalletSchema.safeParse({ ...wallet, id: 'a b' }).success).toBe(false)
    expect(bitcoinWalletSchema.safeParse({ ...wallet, kind: 'unisat' }).success).toBe(false)
  })

  it('take a request only with its account, in WalletConnect’s bip122 shapes', () => {
    const params = { message: 'hi', protocol: 'bip322' }
    expect(bitcoinWalletRequestSchema.safeParse({ method: 'signMessage', params }).success).toBe(false)
    expect(
      bitcoinWalletRequestSchema.safeParse({ method: 'signMessage', params: { ...params, account: ADDRESS } })
        .success,
    ).toBe(true)
    expect(
      bitcoinWalletRequestSchema.safeParse({ method: 'personal_sign', params: { account: ADDRESS } }).success,
    ).toBe(false)
  })

  it('parse events’ addresses', () => {
    expect(
      bitcoinWalletEventSchema.safeParse({ type: 'accountsChanged', accounts: [{ address: 'nope' }] })
        .success,
    ).toBe(false)
    expect(bitcoinWalletEventSchema.safeParse({ type: 'disconnect' }).success).toBe(true)
  })

  it('tell the network of an address', () => {
    expect(bitcoinNetworkOfAddress(ADDRESS)).toBe('bip122:000000000019d6689c085ae165831e93')
    expect(bitcoinNetworkOfAddress('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx')).toBe(
      'bip122:000000000933ea01ad0ee984209779ba',
    )
    expect(bitcoinNetworkOfAddress('xyz')).toBeUndefined()
  })
})
