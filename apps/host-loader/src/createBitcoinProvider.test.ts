import type { HostSnapshot } from '@modalkit/protocol'
import { bytesToBase64 } from '@modalkit/shared'
import { describe, expect, it, vi } from 'vitest'
import { createBitcoinProvider } from './createBitcoinProvider.ts'
import { INITIAL_SNAPSHOT, Store } from './store.ts'

const BTC = 'bip122:000000000019d6689c085ae165831e93'
const TBTC = 'bip122:000000000933ea01ad0ee984209779ba'
const MAIN = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'
const TEST = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx'
const PSBT = 'cHNidP8BAHECAAAAAQ=='
const TXID = 'ef'.repeat(32)

const connected = (address = MAIN, network = BTC): HostSnapshot => ({
  ...INITIAL_SNAPSHOT,
  selectedNetworkId: network as HostSnapshot['selectedNetworkId'],
  accounts: [{ namespace: 'bip122', status: 'connected', address }],
})

/** The modal's side: records what it was sent and answers in WalletConnect's bip122 shapes. */
function setup(initial: HostSnapshot = connected()) {
  const store = new Store<HostSnapshot>(initial)
  const sent: { method: string; params: unknown }[] = []
  const replies: Record<string, unknown> = {
    signMessage: { address: MAIN, signature: '0102ff' },
    signPsbt: { psbt: PSBT },
    sendTransfer: { txid: TXID },
    getAccountAddresses: [
      { address: MAIN, publicKey: `02${'aa'.repeat(32)}`, path: "m/84'/0'/0'/0/0" },
      { address: 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', intention: 'ordinal' },
    ],
  }
  const backend = {
    ready: vi.fn(async () => {}),
    open: vi.fn(async () => {}),
    disconnect: vi.fn(async () => {}),
    switchNetwork: vi.fn(async () => {}),
    forward: async (method: string, params: unknown) => {
      sent.push({ method, params })
      return replies[method]
    },
  }
  return { store, sent, replies, backend, provider: createBitcoinProvider(store, backend) }
}

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  )

describe('createBitcoinProvider', () => {
  it("answers in AppKit's BitcoinConnector shapes from WalletConnect's bip122 replies", async () => {
    const { provider, sent } = setup()
    expect(provider.address).toBe(MAIN)
    expect(provider.isConnected).toBe(true)
    expect(await provider.signMessage({ message: 'hello', protocol: 'bip322' })).toBe(
      bytesToBase64(Uint8Array.from([1, 2, 255])),
    )
    expect(await provider.getAccountAddresses()).toEqual([
      { address: MAIN, publicKey: `02${'aa'.repeat(32)}`, path: "m/84'/0'/0'/0/0", purpose: 'payment' },
      { address: 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', purpose: 'ordinal' },
    ])
    const signInputs = [
      { address: MAIN, index: 0, sighashTypes: [1], publicKey: 'ab', useTweakedSigner: true },
    ]
    expect(await provider.signPSBT({ psbt: PSBT, signInputs, broadcast: false })).toEqual({ psbt: PSBT })
    expect(await provider.sendTransfer({ recipient: TEST, amount: '1000' })).toBe(TXID)
    expect(sent).toEqual([
      { method: 'signMessage', params: { message: 'hello', protocol: 'bip322', address: MAIN } },
      { method: 'getAccountAddresses', params: {} },
      {
        method: 'signPsbt',
        params: {
          psbt: PSBT,
          signInputs: [{ address: MAIN, index: 0, sighashTypes: [1] }],
          broadcast: false,
        },
      },
      { method: 'sendTransfer', params: { recipientAddress: TEST, amount: '1000' } },
    ])
  })

  it("is 4100 'Please call connect() before request()' with no Bitcoin account, and asks nothing", async () => {
    const { provider, sent } = setup(INITIAL_SNAPSHOT)
    expect(provider.address).toBeUndefined()
    for (const call of [
      () => provider.signMessage({ message: 'hi' }),
      () => provider.signPSBT({ psbt: PSBT, signInputs: [] }),
      () => provider.sendTransfer({ recipient: TEST, amount: '1' }),
      () => provider.getAccountAddresses(),
    ])
      expect(await rejection(call())).toMatchObject({
        code: 4100,
        message: 'Please call connect() before request()',
      })
    expect(sent).toEqual([])
  })

  it("refuses what the modal answered when it is not the method's shape", async () => {
    const { provider, replies } = setup()
    replies.signPsbt = { psbt: 'bm90IGEgcHNidA==' }
    expect(
      await rejection(provider.signPSBT({ psbt: PSBT, signInputs: [{ address: MAIN, index: 0 }] })),
    ).toMatchObject({
      code: -32602,
      message: 'Invalid signPsbt result',
    })
    replies.sendTransfer = { tx_id: TXID }
    expect(await rejection(provider.sendTransfer({ recipient: TEST, amount: '1' }))).toMatchObject({
      message: 'Invalid sendTransfer result',
    })
  })

  it('request() sends the RPC as it is and answers the parsed reply', async () => {
    const { provider, sent } = setup()
    const params = { account: MAIN, recipientAddress: TEST, amount: '5' }
    expect(await provider.request({ method: 'sendTransfer', params })).toEqual({ txid: TXID })
    expect(sent).toEqual([{ method: 'sendTransfer', params }])
  })

  it('switches Bitcoin networks only, and tells listeners of the new address and chain', async () => {
    const { provider, store, backend } = setup()
    const seen: unknown[] = []
    provider.on('accountsChanged', (addresses: never) => seen.push(['accountsChanged', addresses]))
    provider.on('chainChanged', (chain: never) => seen.push(['chainChanged', chain]))
    await provider.switchNetwork(TBTC)
    expect(backend.switchNetwork).toHaveBeenCalledWith(TBTC)
    expect(await rejection(provider.switchNetwork('eip155:1'))).toMatchObject({ code: -32602 })
    store.set(connected(TEST, TBTC))
    expect(seen).toEqual([
      ['accountsChanged', [TEST]],
      ['chainChanged', TBTC],
    ])
    expect(provider.address).toBe(TEST)
  })
})
