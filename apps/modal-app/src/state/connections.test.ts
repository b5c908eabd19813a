import { type AccountState, EMBEDDED_CONNECTOR_ID } from '@modalkit/protocol'
import { describe, expect, it } from 'vitest'
import { accountsAtom, createStore, localeAtom } from './atoms.ts'
import { connectionsAtom, createConnectionTracker } from './connections.ts'

const account = (connectorId: string, address: string): AccountState => ({
  namespace: 'eip155',
  status: 'connected',
  address,
  caipAddress: `eip155:31337:${address}`,
  connectorId,
})
const injected = account('ANNOUNCED:test.wallet', '0x1111111111111111111111111111111111111111')
const walletConnect = account('WALLET_CONNECT', '0x2222222222222222222222222222222222222222')

function setup(multiWallet: boolean) {
  const store = createStore()
  const picked = { value: 'WalletConnect' }
  const disconnected: string[] = []
  const tracker = createConnectionTracker({
    store,
    multiWallet: () => multiWallet,
    // WalletConnect's describes the wallet picked in view; the embedded wallet's name is translated.
    describe: (id) =>
      id === 'WALLET_CONNECT'
        ? { name: picked.value, icon: `${picked.value.toLowerCase()}.png` }
        : { name: `${store.get(localeAtom)} name of ${id}` },
    disconnect: async (id) => {
      disconnected.push(id)
    },
  })
  const connect = (a: AccountState) =>
    store.set(accountsAtom, (accounts) => [...accounts.filter((b) => b.namespace !== a.namespace), a])
  const evm = () => store.get(accountsAtom).find((a) => a.namespace === 'eip155')
  const listed = () => store.get(connectionsAtom).map((c) => c.connectorId)
  return { store, tracker, disconnected, connect, evm, listed, picked }
}

describe('createConnectionTracker with multiWallet', () => {
  it('keeps the first wallet connected when a second connects, and switches between them', () => {
    const { tracker, connect, evm, listed, disconnected } = setup(true)
    connect(injected)
    connect(walletConnect)
    expect(listed()).toEqual(['ANNOUNCED:test.wallet', 'WALLET_CONNECT'])
    expect(tracker.activeId('eip155')).toBe('WALLET_CONNECT')
    tracker.activate('eip155', 'ANNOUNCED:test.wallet')
    expect(evm()).toEqual(injected)
    expect(disconnected).toEqual([])
  })

  it('when the active wallet leaves, the next one of the namespace takes over', () => {
    const { store, connect, evm, listed } = setup(true)
    connect(injected)
    connect(walletConnect)
    store.set(accountsAtom, [{ namespace: 'eip155', status: 'disconnected' }])
    expect(evm()).toEqual(injected)
    expect(listed()).toEqual(['ANNOUNCED:test.wallet'])
  })

  it('an inactive wallet that moves on is activated where it is now', () => {
    const { tracker, connect, evm } = setup(true)
    connect(injected)
    connect(walletConnect)
    const moved = '0x4444444444444444444444444444444444444444'
    tracker.follow('eip155', 'ANNOUNCED:test.wallet', (a) => ({
      ...a,
      address: moved,
      caipAddress: `eip155:31338:${moved}`,
    }))
    expect(evm()).toEqual(walletConnect)
    tracker.activate('eip155', 'ANNOUNCED:test.wallet')
    expect(evm()).toMatchObject({ address: moved, caipAddress: `eip155:31338:${moved}` })
  })

  it('disconnecting an inactive wallet ends it and leaves the active one', async () => {
    const { tracker, connect, evm, listed, disconnected } = setup(true)
    connect(injected)
    connect(walletConnect)
    await tracker.disconnect('eip155', 'ANNOUNCED:test.wallet')
    expect(disconnected).toEqual(['ANNOUNCED:test.wallet'])
    expect(listed()).toEqual(['WALLET_CONNECT'])
    expect(evm()).toEqual(walletConnect)
  })

  it('disconnectAll ends the inactive wallets and lets nothing take over', async () => {
    const { store, tracker, connect, evm, listed, disconnected } = setup(true)
    connect(injected)
    connect(walletConnect)
    await tracker.disconnectAll('eip155')
    store.set(accountsAtom, [{ namespace: 'eip155', status: 'disconnected' }])
    expect(disconnected).toEqual(['ANNOUNCED:test.wallet'])
    expect(listed()).toEqual([])
    expect(evm()?.status).toBe('disconnected')
  })
})

describe('createConnectionTracker and the language', () => {
  it('names the embedded wallet again when the language changes; other wallets keep what they connected with', () => {
    const { store, connect, picked } = setup(true)
    const embedded = {
      ...account(EMBEDDED_CONNECTOR_ID, '0x3333333333333333333333333333333333333333'),
      namespace: 'solana' as const,
    }
    picked.value = 'Rainbow'
    connect(walletConnect)
    connect(embedded)
    // WalletConnect's connector now describes whatever wallet is picked in view, not the one connected.
    picked.value = 'Trust'
    store.set(localeAtom, 'es')
    expect(
      store.get(connectionsAtom).map(({ name, icon, account }) => [name, icon, account.address]),
    ).toEqual([
      ['Rainbow', 'rainbow.png', walletConnect.address],
      [`es name of ${EMBEDDED_CONNECTOR_ID}`, undefined, embedded.address],
    ])
  })
})

describe('createConnectionTracker across namespaces', () => {
  const solanaOf = (connectorId: string, address: string): AccountState => ({
    namespace: 'solana',
    status: 'connected',
    address,
    caipAddress: `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:${address}`,
    connectorId,
  })
  const embeddedEvm = account('AUTH', '0x3333333333333333333333333333333333333333')
  const embeddedSolana = solanaOf('AUTH', 'So1anaEmbedded1111111111111111111111111111')
  const wcSolana = solanaOf('WALLET_CONNECT', 'So1anaWa11etConnect11111111111111111111111')

  it('when one session ends in two namespaces at once, each falls back to its next wallet', () => {
    const { store, tracker, listed } = setup(true)
    store.set(accountsAtom, [embeddedEvm, embeddedSolana])
    store.set(accountsAtom, [walletConnect, wcSolana])
    expect(tracker.activeId('solana')).toBe('WALLET_CONNECT')
    // The wallet ends its session: both of its namespaces disconnect in one write.
    store.set(accountsAtom, [
      { namespace: 'eip155', status: 'disconnected' },
      { namespace: 'solana', status: 'disconnected' },
    ])
    expect(store.get(accountsAtom)).toEqual(expect.arrayContaining([embeddedEvm, embeddedSolana]))
    expect(tracker.activeId('eip155')).toBe('AUTH')
    expect(tracker.activeId('solana')).toBe('AUTH')
    expect(listed()).toEqual(['AUTH', 'AUTH'])
  })

  it('forget unlists a wallet that left while inactive, and keeps it where it is active', () => {
    const { store, tracker, listed } = setup(true)
    store.set(accountsAtom, [walletConnect, wcSolana])
    store.set(accountsAtom, [embeddedEvm, wcSolana])
    tracker.forget('WALLET_CONNECT')
    expect(store.get(connectionsAtom).map((c) => `${c.namespace}/${c.connectorId}`)).toEqual([
      'solana/WALLET_CONNECT',
      'eip155/AUTH',
    ])
    expect(listed()).toHaveLength(2)
  })
})

describe('createConnectionTracker without multiWallet', () => {
  it('a new wallet in a namespace disconnects the previous one for real', () => {
    const { connect, listed, disconnected } = setup(false)
    connect(injected)
    connect(walletConnect)
    expect(listed()).toEqual(['WALLET_CONNECT'])
    expect(disconnected).toEqual(['ANNOUNCED:test.wallet'])
  })
})
