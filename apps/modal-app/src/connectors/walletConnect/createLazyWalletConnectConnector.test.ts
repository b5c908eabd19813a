import { type DirectoryWallet, WALLET_CONNECT_CONNECTOR_ID } from '@modalkit/protocol'
import { STORAGE_PREFIX } from '@modalkit/shared'
import { describe, expect, it, vi } from 'vitest'
import {
  accountsAtom,
  createStore,
  recentWalletsAtom,
  selectedDirectoryWalletAtom,
  walletConnectApprovedAtom,
} from '../../state/atoms.ts'
import { createLazyWalletConnectConnector } from './createLazyWalletConnectConnector.ts'
import type { WalletConnectConnector } from './createWalletConnectConnector.ts'
import { writeSessionMark } from './sessionMark.ts'

/** A storage over a Map, as the modal's localStorage would be. */
function memoryStorage(values: Record<string, string> = {}): Storage {
  const kept = new Map(Object.entries(values))
  return {
    getItem: (key: string) => kept.get(key) ?? null,
    setItem: (key: string, value: string) => void kept.set(key, value),
    removeItem: (key: string) => void kept.delete(key),
  } as unknown as Storage
}

const wallet: DirectoryWallet = {
  id: 'rainbow',
  name: 'Rainbow',
  imageUrl: '/v1/wallet-images/rainbow.png',
  mobile: {},
  desktop: {},
  namespaces: ['eip155'],
}

const notLoaded = () => Promise.reject(new Error('the code was loaded'))

describe('WalletConnect before its code is loaded (a chunk of its own)', () => {
  it('answers from the atoms and the storage, and shows the recent wallets, without loading anything', () => {
    const store = createStore()
    const storage = memoryStorage({ [`${STORAGE_PREFIX}recent_wallets`]: JSON.stringify([wallet]) })
    const load = vi.fn(notLoaded)
    const wc = createLazyWalletConnectConnector({ store, storage }, load)

    expect(store.get(recentWalletsAtom)).toEqual([wallet])
    expect(wc.owns(WALLET_CONNECT_CONNECTOR_ID)).toBe(true)
    expect(wc.isConnected()).toBe(false)
    store.set(accountsAtom, [
      { namespace: 'eip155', status: 'connected', address: '0x1', connectorId: WALLET_CONNECT_CONNECTOR_ID },
    ])
    expect(wc.isConnected('eip155')).toBe(true)
    store.set(selectedDirectoryWalletAtom, wallet)
    expect(wc.describe(WALLET_CONNECT_CONNECTOR_ID)).toEqual({ name: 'Rainbow', icon: wallet.imageUrl })
    store.set(walletConnectApprovedAtom, ['eip155:1'])
    expect(() => wc.assertChainApproved('eip155:1')).not.toThrow()
    expect(() => wc.assertChainApproved('eip155:10')).toThrow('Chain is not supported')
    // No session without the code: nothing approved, nothing to cancel.
    expect(wc.approvesMethod('wallet_getCallsStatus')).toBe(false)
    wc.cancel()
    expect(load).not.toHaveBeenCalled()
  })

  it('restores only a session marked on an earlier visit, and loads the code for it then', async () => {
    const store = createStore()
    const fresh = vi.fn(notLoaded)
    await createLazyWalletConnectConnector({ store, storage: memoryStorage() }, fresh).restore()
    expect(fresh).not.toHaveBeenCalled()

    const storage = memoryStorage()
    writeSessionMark(storage, true)
    const restore = vi.fn(async () => {})
    const marked = vi.fn(async () => ({ restore }) as unknown as WalletConnectConnector)
    await createLazyWalletConnectConnector({ store, storage }, marked).restore()
    expect(marked).toHaveBeenCalledTimes(1)
    expect(restore).toHaveBeenCalledTimes(1)
  })

  it('loads the code when opening prefetches, then pairs and asks through it', async () => {
    const preload = vi.fn()
    const connect = vi.fn(async () => {})
    const approvesMethod = vi.fn(() => true)
    const load = vi.fn(
      async () => ({ preload, connect, approvesMethod }) as unknown as WalletConnectConnector,
    )
    const wc = createLazyWalletConnectConnector({ store: createStore(), storage: undefined }, load)
    wc.preload()
    await vi.waitFor(() => expect(preload).toHaveBeenCalledTimes(1))
    await wc.connect()
    expect(connect).toHaveBeenCalledTimes(1)
    expect(wc.approvesMethod('wallet_getCallsStatus')).toBe(true)
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('does not start a pairing the view left before the code arrived', async () => {
    let arrive: (c: WalletConnectConnector) => void = () => {}
    const load = vi.fn(() => new Promise<WalletConnectConnector>((resolve) => (arrive = resolve)))
    const connect = vi.fn(async () => {})
    const cancel = vi.fn()
    const wc = createLazyWalletConnectConnector({ store: createStore(), storage: undefined }, load)
    const pairing = wc.connect()
    wc.cancel() // the view was left (QrPanel's cleanup)
    arrive({ connect, cancel } as unknown as WalletConnectConnector)
    await pairing
    expect(connect).not.toHaveBeenCalled()
    // A new attempt after it pairs as ever.
    await wc.connect()
    expect(connect).toHaveBeenCalledTimes(1)
  })
})
