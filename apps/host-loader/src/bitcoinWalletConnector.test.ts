import type { BitcoinWallet, BitcoinWalletEvent } from '@modalkit/protocol'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createBitcoinWalletConnector } from './bitcoinWalletConnector.ts'
import { createBitcoinWallets } from './bitcoinWallets.ts'
import { type DiscoveredBitcoinWallet, discoverBitcoinWallets } from './discoverBitcoinWallets.ts'

const ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'
const OTHER = 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3'
const PUBLIC_KEY = new Uint8Array(33).fill(2)
const PSBT = 'cHNidP8BAA=='
const ICON = 'data:image/svg+xml,%3Csvg%2F%3E'

/** A sats-connect provider answering its JSON-RPC envelope from a table; records what it was asked. */
function satsProvider(answers: Record<string, unknown>) {
  const asked: [string, unknown][] = []
  return {
    asked,
    request: async (method: string, params: unknown) => {
      asked.push([method, params])
      const answer = answers[method]
      return answer && typeof answer === 'object' && 'error' in answer
        ? answer
        : { jsonrpc: '2.0', result: answer }
    },
  }
}

/** A Bitcoin Wallet Standard wallet whose features record their inputs; `change` plays standard:events. */
function standardWallet() {
  const account = { address: ADDRESS, publicKey: PUBLIC_KEY, chains: ['bitcoin:mainnet'], features: [] }
  const inputs: unknown[] = []
  let change: ((properties: { accounts: unknown[] }) => void) | undefined
  const wallet = {
    name: 'Test Standard',
    icon: ICON,
    chains: ['bitcoin:mainnet'],
    accounts: [account],
    features: {
      'bitcoin:connect': { connect: async () => ({ accounts: [account] }) },
      'bitcoin:signMessage': {
        signMessage: async (input: unknown) => {
          inputs.push(input)
          return [{ signedMessage: new Uint8Array(), signature: Uint8Array.from([1, 2, 255]) }]
        },
      },
      'bitcoin:signTransaction': {
        signTransaction: async (input: unknown) => {
          inputs.push(input)
          return [{ signedPsbt: Uint8Array.from(atob(PSBT), (c) => c.charCodeAt(0)) }]
        },
      },
      'standard:events': {
        on: (_event: string, listener: typeof change) => {
          change = listener
          return () => {
            change = undefined
          }
        },
      },
    },
  }
  return { wallet, account, inputs, change: (accounts: unknown[]) => change?.({ accounts }) }
}

const info = (kind: BitcoinWallet['kind']): BitcoinWallet => ({ id: `${kind}:1`, name: 'W', kind })

// The connector picks the adapter by the wallet's kind, as for a wallet discovery found.
function discovered(kind: 'standard' | 'sats-connect', target: object): DiscoveredBitcoinWallet {
  return { info: info(kind), wallet: target }
}

describe('a sats-connect wallet', () => {
  it('connects by wallet_connect, keeping only Bitcoin addresses (payment first), and translates each request', async () => {
    const provider = satsProvider({
      wallet_connect: {
        addresses: [
          { address: 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7', purpose: 'stacks' },
          { address: ADDRESS, publicKey: '02'.repeat(33), purpose: 'payment' },
        ],
      },
      signMessage: { address: ADDRESS, signature: 'AQL/' },
      signPsbt: { psbt: PSBT },
      sendTransfer: { txid: 'ab'.repeat(32) },
    })
    const connector = createBitcoinWalletConnector(() => {})
    expect(await connector.connect(discovered('sats-connect', provider))).toEqual({
      accounts: [{ address: ADDRESS, publicKey: '02'.repeat(33), intention: 'payment' }],
    })
    const account = ADDRESS
    expect(
      await connector.request({
        method: 'signMessage',
        params: { account, message: 'hi', protocol: 'ecdsa' },
      }),
    ).toEqual({ address: ADDRESS, signature: '0102ff' })
    await connector.request({
      method: 'signPsbt',
      params: {
        account,
        psbt: PSBT,
        signInputs: [
          { address: ADDRESS, index: 0 },
          { address: ADDRESS, index: 2 },
        ],
      },
    })
    await connector.request({
      method: 'sendTransfer',
      params: { account, recipientAddress: ADDRESS, amount: '1500' },
    })
    expect(provider.asked.slice(1)).toEqual([
      ['signMessage', { address: ADDRESS, message: 'hi', protocol: 'ECDSA' }],
      ['signPsbt', { psbt: PSBT, signInputs: { [ADDRESS]: [0, 2] } }],
      ['sendTransfer', { recipients: [{ address: ADDRESS, amount: 1500 }] }],
    ])
    // Answered from the connection, not asked.
    expect(await connector.request({ method: 'getAccountAddresses', params: { account } })).toEqual([
      { address: ADDRESS, publicKey: '02'.repeat(33), intention: 'payment' },
    ])
    expect(provider.asked).toHaveLength(4)
  })

  it('falls back to getAccounts for an older wallet, and maps its errors: a rejection is 4001', async () => {
    const provider = satsProvider({
      wallet_connect: { error: { code: -32601, message: 'Method not found' } },
      getAccounts: [{ address: ADDRESS, purpose: 'payment' }],
      signMessage: { error: { code: -32000, message: 'User rejected' } },
      signPsbt: { error: { code: -32603, message: 'boom' } },
    })
    const connector = createBitcoinWalletConnector(() => {})
    await connector.connect(discovered('sats-connect', provider))
    expect(provider.asked[1]).toEqual(['getAccounts', { purposes: ['payment'] }])
    const account = ADDRESS
    await expect(
      connector.request({ method: 'signMessage', params: { account, message: 'x' } }),
    ).rejects.toMatchObject({ code: 4001, shortMessage: 'User rejected the request' })
    await expect(
      connector.request({
        method: 'signPsbt',
        params: { account, psbt: PSBT, signInputs: [{ address: ADDRESS, index: 0 }] },
      }),
    ).rejects.toMatchObject({ code: 5000, details: 'boom' })
    // Another account than the connected one is never sent.
    await expect(
      connector.request({
        method: 'signMessage',
        params: { account: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', message: 'x' },
      }),
    ).rejects.toMatchObject({ code: 4100 })
  })

  it('refuses a connection with no Bitcoin address, and a rejected one as Connection rejected', async () => {
    const junk = satsProvider({
      wallet_connect: { addresses: [{ address: 'javascript:1', purpose: 'payment' }] },
    })
    await expect(
      createBitcoinWalletConnector(() => {}).connect(discovered('sats-connect', junk)),
    ).rejects.toThrow()
    const declining = satsProvider({ wallet_connect: { error: { code: -32000, message: 'no' } } })
    await expect(
      createBitcoinWalletConnector(() => {}).connect(discovered('sats-connect', declining)),
    ).rejects.toMatchObject({ code: 4001, shortMessage: 'Connection rejected' })
  })
})

describe('a Bitcoin Wallet Standard wallet', () => {
  it('signs with the account objects it gave and bytes; groups PSBT inputs by address and sighash', async () => {
    const { wallet, account, inputs } = standardWallet()
    const connector = createBitcoinWalletConnector(() => {})
    expect(await connector.connect(discovered('standard', wallet))).toEqual({
      accounts: [{ address: ADDRESS, publicKey: '02'.repeat(33), intention: 'payment' }],
    })
    expect(
      await connector.request({ method: 'signMessage', params: { account: ADDRESS, message: 'hé' } }),
    ).toEqual({ address: ADDRESS, signature: '0102ff' })
    expect(inputs[0]).toEqual({ account, message: new TextEncoder().encode('hé') })
    expect(
      await connector.request({
        method: 'signPsbt',
        params: {
          account: ADDRESS,
          psbt: PSBT,
          signInputs: [
            { address: ADDRESS, index: 0, sighashTypes: [1] },
            { address: ADDRESS, index: 1, sighashTypes: [1] },
            { address: ADDRESS, index: 2, sighashTypes: [0x83] },
          ],
        },
      }),
    ).toEqual({ psbt: PSBT })
    expect(inputs[1]).toMatchObject({
      chain: 'bitcoin:mainnet',
      inputsToSign: [
        { account, signingIndexes: [0, 1], sigHash: 'ALL' },
        { account, signingIndexes: [2], sigHash: 'SINGLE|ANYONECANPAY' },
      ],
    })
  })

  it('refuses what the standard has no feature for (ECDSA, broadcast, transfers) without asking it', async () => {
    const { wallet, inputs } = standardWallet()
    const connector = createBitcoinWalletConnector(() => {})
    await connector.connect(discovered('standard', wallet))
    const account = ADDRESS
    for (const request of [
      { method: 'signMessage' as const, params: { account, message: 'x', protocol: 'ecdsa' as const } },
      {
        method: 'signPsbt' as const,
        params: { account, psbt: PSBT, signInputs: [{ address: ADDRESS, index: 0 }], broadcast: true },
      },
      { method: 'sendTransfer' as const, params: { account, recipientAddress: ADDRESS, amount: '1' } },
    ])
      await expect(connector.request(request)).rejects.toMatchObject({ code: 4200 })
    expect(inputs).toEqual([])
  })

  it('forwards its account changes, parsed, and a removal as disconnect', async () => {
    const { wallet, change } = standardWallet()
    const events: BitcoinWalletEvent[] = []
    const connector = createBitcoinWalletConnector((event) => events.push(event))
    await connector.connect(discovered('standard', wallet))
    change([{ address: 'not an address' }, { address: ADDRESS, publicKey: PUBLIC_KEY }])
    change([])
    expect(events).toEqual([
      {
        type: 'accountsChanged',
        accounts: [{ address: ADDRESS, publicKey: '02'.repeat(33), intention: 'payment' }],
      },
      { type: 'disconnect' },
    ])
    await expect(
      connector.request({ method: 'getAccountAddresses', params: { account: ADDRESS } }),
    ).rejects.toMatchObject({ code: 4100 })
  })
})

describe('the next visit: a wallet reconnected from what it gives without asking', () => {
  it("a Wallet Standard wallet's authorized Bitcoin accounts, last time's address first, its events followed again", async () => {
    const { wallet, account, change } = standardWallet()
    const ordinals = { ...account, address: OTHER }
    const solana = { ...account, address: 'So1ana', chains: ['solana:mainnet'] }
    const events: BitcoinWalletEvent[] = []
    const connector = createBitcoinWalletConnector((event) => events.push(event))
    const listing = { ...wallet, accounts: [solana, ordinals, account] }
    expect(await connector.restore(discovered('standard', listing), ADDRESS)).toEqual({
      accounts: [
        { address: ADDRESS, publicKey: '02'.repeat(33), intention: 'payment' },
        { address: OTHER, publicKey: '02'.repeat(33), intention: 'payment' },
      ],
    })
    expect(connector.connected()).toBe(true)
    change([])
    expect(events).toEqual([{ type: 'disconnect' }])
    const unauthorized = { ...wallet, accounts: [] }
    expect(await connector.restore(discovered('standard', unauthorized))).toBeUndefined()
    await expect(
      connector.request({ method: 'signMessage', params: { account: ADDRESS, message: 'x' } }),
    ).rejects.toMatchObject({ code: 4100 })
  })

  it('a sats-connect wallet by wallet_getAccount (no params), which never prompts; a refusal or no such method gives nothing, another failure throws', async () => {
    const provider = satsProvider({
      wallet_getAccount: { addresses: [{ address: ADDRESS, purpose: 'payment' }] },
    })
    const connector = createBitcoinWalletConnector(() => {})
    expect(await connector.restore(discovered('sats-connect', provider))).toEqual({
      accounts: [{ address: ADDRESS, intention: 'payment' }],
    })
    expect(provider.asked).toEqual([['wallet_getAccount', null]])
    const refusing = satsProvider({
      wallet_getAccount: { error: { code: -32002, message: 'Access denied' } },
    })
    const older = satsProvider({
      wallet_getAccount: { error: { code: -32601, message: 'Method not found' } },
    })
    for (const target of [refusing, older]) {
      const fresh = createBitcoinWalletConnector(() => {})
      expect(await fresh.restore(discovered('sats-connect', target))).toBeUndefined()
    }
    const failing = satsProvider({ wallet_getAccount: { error: { code: -32603, message: 'busy' } } })
    await expect(
      createBitcoinWalletConnector(() => {}).restore(discovered('sats-connect', failing)),
    ).rejects.toThrow()
  })

  it('leaves a wallet the visitor connected meanwhile in place', async () => {
    const chosen = satsProvider({ wallet_connect: { addresses: [{ address: ADDRESS, purpose: 'payment' }] } })
    const connector = createBitcoinWalletConnector(() => {})
    let answer: (value: unknown) => void = () => {}
    const slow = { request: () => new Promise((resolve) => (answer = resolve)) }
    const restoring = connector.restore(discovered('sats-connect', slow))
    await connector.connect(discovered('sats-connect', chosen))
    answer({ jsonrpc: '2.0', result: { addresses: [{ address: ADDRESS, purpose: 'payment' }] } })
    expect(await restoring).toBeUndefined()
    await connector.request({ method: 'signPsbt', params: { account: ADDRESS, psbt: PSBT, signInputs: [] } })
    expect(chosen.asked.map(([method]) => method)).toEqual(['wallet_connect', 'signPsbt'])
  })
})

describe('another Bitcoin network for the connected wallet', () => {
  const TESTNET = 'bip122:000000000933ea01ad0ee984209779ba'
  const TESTNET_ADDRESS = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx'
  const MAINNET = 'bip122:000000000019d6689c085ae165831e93'

  it('asks a sats-connect wallet to change network, then takes its addresses there; a rejection is 4001 and nothing moves', async () => {
    const provider = satsProvider({
      wallet_connect: { addresses: [{ address: ADDRESS, publicKey: '02'.repeat(33), purpose: 'payment' }] },
      wallet_changeNetwork: null,
      wallet_getAccount: { addresses: [{ address: TESTNET_ADDRESS, purpose: 'payment' }] },
      signMessage: { signature: btoa('sig'), address: TESTNET_ADDRESS },
    })
    const connector = createBitcoinWalletConnector(() => {})
    await connector.connect(discovered('sats-connect', provider))
    expect(await connector.switchNetwork(TESTNET)).toEqual({
      accounts: [{ address: TESTNET_ADDRESS, intention: 'payment' }],
    })
    expect(provider.asked.slice(-2)).toEqual([
      ['wallet_changeNetwork', { name: 'Testnet' }],
      ['wallet_getAccount', null],
    ])
    // The connection is the testnet address now: requests for it go through, the old one's do not.
    await connector.request({ method: 'signMessage', params: { account: TESTNET_ADDRESS, message: 'x' } })
    await expect(
      connector.request({ method: 'signMessage', params: { account: ADDRESS, message: 'x' } }),
    ).rejects.toMatchObject({ code: 4100 })

    const refusing = satsProvider({
      wallet_connect: { addresses: [{ address: ADDRESS, purpose: 'payment' }] },
      wallet_changeNetwork: { error: { code: -32000, message: 'User rejected' } },
    })
    const other = createBitcoinWalletConnector(() => {})
    await other.connect(discovered('sats-connect', refusing))
    await expect(other.switchNetwork(TESTNET)).rejects.toMatchObject({ code: 4001 })
    await other.request({ method: 'signMessage', params: { account: ADDRESS, message: 'x' } }).catch(() => {})
    expect(refusing.asked.at(-1)?.[0]).toBe('signMessage')

    // The wallet changed network but then would not say its addresses: what it gives now (its testnet
    // one) becomes the connection and the modal is told, so nothing is left half-switched.
    let getAccountCalls = 0
    const halfway = satsProvider({
      wallet_connect: { addresses: [{ address: ADDRESS, purpose: 'payment' }] },
      wallet_changeNetwork: null,
    })
    const answering = halfway.request
    halfway.request = async (method: string, params: unknown) =>
      method === 'wallet_getAccount' && ++getAccountCalls === 1
        ? { error: { code: -32603, message: 'busy' } }
        : method === 'wallet_getAccount'
          ? { jsonrpc: '2.0', result: { addresses: [{ address: TESTNET_ADDRESS, purpose: 'payment' }] } }
          : answering(method, params)
    const events: BitcoinWalletEvent[] = []
    const third = createBitcoinWalletConnector((event) => events.push(event))
    await third.connect(discovered('sats-connect', halfway))
    await expect(third.switchNetwork(TESTNET)).rejects.toMatchObject({ code: 5000 })
    expect(events).toEqual([
      { type: 'accountsChanged', accounts: [{ address: TESTNET_ADDRESS, intention: 'payment' }] },
    ])
    await third.request({ method: 'signMessage', params: { account: TESTNET_ADDRESS, message: 'x' } })
  })

  it("takes a Wallet Standard wallet's authorized account on that network; without one it refuses (the chain is not supported)", async () => {
    const { wallet, account } = standardWallet()
    const testnet = { ...account, address: TESTNET_ADDRESS, chains: ['bitcoin:testnet'] }
    const connector = createBitcoinWalletConnector(() => {})
    await connector.connect(discovered('standard', { ...wallet, accounts: [account, testnet] }))
    expect(await connector.switchNetwork(TESTNET)).toEqual({
      accounts: [{ address: TESTNET_ADDRESS, publicKey: '02'.repeat(33), intention: 'payment' }],
    })
    expect(await connector.switchNetwork(MAINNET)).toMatchObject({ accounts: [{ address: ADDRESS }] })

    const mainnetOnly = createBitcoinWalletConnector(() => {})
    await mainnetOnly.connect(discovered('standard', wallet))
    await expect(mainnetOnly.switchNetwork(TESTNET)).rejects.toMatchObject({ code: -32603 })
    // The account it has stays signable.
    await mainnetOnly.request({ method: 'signMessage', params: { account: ADDRESS, message: 'x' } })
    await expect(createBitcoinWalletConnector(() => {}).switchNetwork(TESTNET)).rejects.toMatchObject({
      code: 4100,
    })
  })
})

describe("the loader's handlers: which wallet the next visit remembers", () => {
  const KEY = 'modalkit:last-bitcoin-wallet'
  const ID = 'sats-connect:Sats.BitcoinProvider'
  let stored = new Map<string, string>()

  /** A page with a sats-connect provider at `Sats.BitcoinProvider` and a working localStorage. */
  function page(provider: object, kept?: string) {
    stored = new Map(kept ? [[KEY, kept]] : [])
    vi.stubGlobal(
      'window',
      Object.assign(new EventTarget(), {
        btc_providers: [{ id: 'Sats.BitcoinProvider', name: 'Sats' }],
        Sats: { BitcoinProvider: provider },
      }),
    )
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
      removeItem: (key: string) => stored.delete(key),
    })
  }
  const keep = (address: string) => JSON.stringify({ wallet: ID, address })
  /** The Bitcoin script's part as the core gets it once loaded (loadBitcoinScript.ts). */
  const script = async () => ({ createBitcoinWalletConnector })
  let started: ReturnType<typeof createBitcoinWallets>[] = []
  const handlers = (reconnect = true, loadScript = script) => {
    const wallets = createBitcoinWallets(
      () => undefined,
      () => reconnect,
      loadScript,
    )
    wallets.start()
    started.push(wallets)
    return wallets.handlers
  }

  // Discovery looks at the page again 100 ms after it starts: stopped before the stubbed window goes.
  afterEach(() => {
    for (const wallets of started) wallets.stop()
    started = []
    vi.unstubAllGlobals()
  })

  it('remembers the connected wallet and address, restores it, lets it go without asking it, and forgets it on disconnect', async () => {
    const provider = satsProvider({
      wallet_connect: { addresses: [{ address: ADDRESS, purpose: 'payment' }] },
      wallet_getAccount: { addresses: [{ address: ADDRESS, purpose: 'payment' }] },
    })
    page(provider)
    const loader = handlers()
    await loader.connectBitcoinWallet({ id: ID })
    expect(stored.get(KEY)).toBe(keep(ADDRESS))
    expect(await loader.restoreBitcoinWallet(undefined)).toBeUndefined() // connected already: not asked
    await loader.releaseBitcoinWallet(undefined)
    expect(stored.has(KEY)).toBe(false)
    expect(provider.asked.map(([method]) => method)).toEqual(['wallet_connect']) // its grant left alone
    stored.set(KEY, keep(ADDRESS))
    expect(await loader.restoreBitcoinWallet(undefined)).toMatchObject({
      accounts: [{ address: ADDRESS }],
      wallet: { id: ID },
    })
    await loader.disconnectBitcoinWallet(undefined)
    expect(stored.has(KEY)).toBe(false)
  })

  it('loads the Bitcoin script only to connect or restore a wallet; one that did not load keeps the wallet remembered, and the next call loads it', async () => {
    const provider = satsProvider({
      wallet_connect: { addresses: [{ address: ADDRESS, purpose: 'payment' }] },
      wallet_getAccount: { addresses: [{ address: ADDRESS, purpose: 'payment' }] },
    })
    page(provider, keep(ADDRESS))
    const loads: string[] = []
    let online = false
    const loader = handlers(true, async () => {
      loads.push(online ? 'loaded' : 'failed')
      if (!online) throw new Error('offline')
      return script()
    })
    // Nothing connected: a request, a switch, letting go or disconnecting loads nothing.
    const request = { method: 'signMessage', params: { account: ADDRESS, message: 'x' } } as const
    await expect(loader.bitcoinWalletRequest(request)).rejects.toMatchObject({ code: 4100 })
    await expect(
      loader.switchBitcoinWalletNetwork({ caipNetworkId: 'bip122:000000000933ea01ad0ee984209779ba' }),
    ).rejects.toMatchObject({ code: 4100 })
    await loader.releaseBitcoinWallet(undefined)
    stored.set(KEY, keep(ADDRESS))
    await loader.disconnectBitcoinWallet(undefined)
    expect(loads).toEqual([])
    stored.set(KEY, keep(ADDRESS))
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(await loader.restoreBitcoinWallet(undefined)).toBeUndefined()
    expect(logged).toHaveBeenCalledWith('[appkit] Bitcoin wallet', new Error('offline'))
    expect(stored.get(KEY)).toBe(keep(ADDRESS))
    expect(provider.asked).toEqual([])
    // A connect whose script did not load fails as a connect does (SPEC §8), not as a frame would.
    await expect(loader.connectBitcoinWallet({ id: ID })).rejects.toMatchObject({
      shortMessage: 'Failed to connect',
    })
    logged.mockRestore()
    online = true
    expect(await loader.restoreBitcoinWallet(undefined)).toMatchObject({ accounts: [{ address: ADDRESS }] })
    expect(loads).toEqual(['failed', 'failed', 'loaded'])
  })

  it('a wallet the modal lets go of while the script loads for its restore stays let go of', async () => {
    const provider = satsProvider({
      wallet_getAccount: { addresses: [{ address: ADDRESS, purpose: 'payment' }] },
    })
    page(provider, keep(ADDRESS))
    let arrive: (() => void) | undefined
    const loader = handlers(true, async () => {
      await new Promise<void>((resolve) => {
        arrive = resolve
      })
      return script()
    })
    const restoring = loader.restoreBitcoinWallet(undefined)
    await vi.waitFor(() => expect(arrive).toBeDefined())
    await loader.releaseBitcoinWallet(undefined)
    arrive?.()
    expect(await restoring).toBeUndefined()
    expect(provider.asked).toEqual([])
    expect(stored.has(KEY)).toBe(false)
  })

  it('forgets a wallet that gives nothing; keeps one that could not say, and one connected meanwhile; asks none with reconnecting off', async () => {
    const refusing = satsProvider({
      wallet_getAccount: { error: { code: -32002, message: 'Access denied' } },
    })
    page(refusing, keep(ADDRESS))
    expect(await handlers(false).restoreBitcoinWallet(undefined)).toBeUndefined()
    expect(refusing.asked).toEqual([])
    expect(await handlers().restoreBitcoinWallet(undefined)).toBeUndefined()
    expect(stored.has(KEY)).toBe(false)

    page(satsProvider({ wallet_getAccount: { error: { code: -32603, message: 'busy' } } }), keep(ADDRESS))
    expect(await handlers().restoreBitcoinWallet(undefined)).toBeUndefined()
    expect(stored.get(KEY)).toBe(keep(ADDRESS))

    let answer: ((value: unknown) => void) | undefined
    const slow = {
      request: (method: string) =>
        method === 'wallet_getAccount'
          ? new Promise((resolve) => {
              answer = resolve
            })
          : Promise.resolve({ result: { addresses: [{ address: OTHER, purpose: 'payment' }] } }),
    }
    page(slow, keep(ADDRESS))
    const loader = handlers()
    const restoring = loader.restoreBitcoinWallet(undefined)
    await vi.waitFor(() => expect(answer).toBeDefined())
    await loader.connectBitcoinWallet({ id: ID })
    answer?.({ error: { code: -32002, message: 'Access denied' } })
    expect(await restoring).toBeUndefined()
    expect(stored.get(KEY)).toBe(keep(OTHER))
  })
})

describe('discovering Bitcoin browser wallets', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })

  it('finds Wallet Standard wallets registered before and after, and sats-connect providers; checks names, icons and paths', async () => {
    vi.useFakeTimers()
    const page = Object.assign(new EventTarget(), {
      btc_providers: [
        { id: 'Sats.BitcoinProvider', name: 'Sats Wallet', icon: 'javascript:alert(1)' },
        { id: 'constructor.prototype', name: 'Sneaky' },
        { id: 'Missing.Provider', name: 'Missing' },
      ],
      Sats: { BitcoinProvider: satsProvider({}) },
    })
    vi.stubGlobal('window', page)
    // A wallet registering before the app is ready answers its app-ready event.
    const early = standardWallet().wallet
    page.addEventListener('wallet-standard:app-ready', (event) =>
      (event as CustomEvent<{ register(w: unknown): void }>).detail.register(early),
    )
    const lists: BitcoinWallet[][] = []
    const found = discoverBitcoinWallets((list) => lists.push(list))
    const late = { ...standardWallet().wallet, name: 'Late Wallet' }
    page.dispatchEvent(
      new CustomEvent('wallet-standard:register-wallet', {
        detail: ({ register }: { register(w: unknown): void }) => register(late),
      }),
    )
    // Not a Bitcoin wallet (no bitcoin:connect): left out.
    page.dispatchEvent(
      new CustomEvent('wallet-standard:register-wallet', {
        detail: ({ register }: { register(w: unknown): void }) =>
          register({ name: 'Solana Only', features: { 'standard:connect': { connect: () => {} } } }),
      }),
    )
    await vi.advanceTimersByTimeAsync(200)
    expect(found.wallets()).toEqual([
      { id: 'sats-connect:Sats.BitcoinProvider', name: 'Sats Wallet', kind: 'sats-connect' },
      { id: 'standard:1', name: 'Test Standard', icon: ICON, kind: 'standard' },
      { id: 'standard:2', name: 'Late Wallet', icon: ICON, kind: 'standard' },
    ])
    expect(lists.at(-1)).toEqual(found.wallets())
    expect(found.find('standard:2')?.info.name).toBe('Late Wallet')
    found.stop()
  })

  it('lists a Wallet Standard wallet named as a sats-connect one once, as the sats-connect one', async () => {
    vi.useFakeTimers()
    const page = Object.assign(new EventTarget(), { XverseProviders: { BitcoinProvider: satsProvider({}) } })
    vi.stubGlobal('window', page)
    const found = discoverBitcoinWallets(() => {})
    page.dispatchEvent(
      new CustomEvent('wallet-standard:register-wallet', {
        detail: ({ register }: { register(w: unknown): void }) =>
          register({ ...standardWallet().wallet, name: 'Xverse' }),
      }),
    )
    await vi.advanceTimersByTimeAsync(200)
    expect(found.wallets()).toEqual([
      { id: 'sats-connect:XverseProviders.BitcoinProvider', name: 'Xverse', kind: 'sats-connect' },
    ])
    found.stop()
  })
})
