import type { HostClient, InjectedEvent, RestoredInjected } from '@modalkit/protocol'
import { getNetwork } from '@modalkit/shared'
import { describe, expect, it, vi } from 'vitest'
import {
  accountsAtom,
  announcedWalletsAtom,
  connectingWalletAtom,
  createStore,
  historyAtom,
  networksAtom,
} from '../state/atoms.ts'
import { createLazyHostWalletConnector } from './createLazyHostWalletConnector.ts'
import { createInjectedConnector } from './injected/createInjectedConnector.ts'
import {
  describeInjected,
  injectedConnectFailed,
  isInjectedConnected,
  restorableInjected,
} from './injected/injectedBasics.ts'

const WALLET = { uuid: 'u-1', name: 'Test Wallet', rdns: 'dev.test.wallet' }
const ADDRESS = '0x1111111111111111111111111111111111111111'
const OTHER = '0x2222222222222222222222222222222222222222'

/**
 * The browser wallets' stand-in as registry.ts makes it, over the real connector (its code a
 * promise here, a lazy chunk there) and a loader that answers `restoreInjected` as told.
 */
function standIn(restored: RestoredInjected | undefined, fail = 0, held = false) {
  const store = createStore()
  const mainnet = getNetwork('eip155:1')
  if (!mainnet) throw new Error('no mainnet')
  store.set(networksAtom, [mainnet])
  store.set(announcedWalletsAtom, [WALLET])
  const host = {
    restoreInjected: vi.fn(async () => restored),
    connectInjected: vi.fn(async () => ({ accounts: [ADDRESS], chainId: '0x1' })),
    disconnectInjected: vi.fn(async () => {}),
  }
  const deps = {
    store,
    analytics: { track: () => {} },
    events: { emit: () => {} },
    close: () => true,
    storage: undefined,
    clock: { now: () => 0 },
    host: () => host as unknown as HostClient,
    assertAllowed: () => {},
    connections: () => ({ follow: () => {}, disconnect: async () => {} }),
  }
  let failures = fail
  /** The chunk's arrival, held until released when `held`. */
  let release = () => {}
  const arrived = held ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve()
  const load = vi.fn(async () => {
    await arrived
    if (failures-- > 0) throw new Error('the chunk did not load')
    return createInjectedConnector(deps)
  })
  const connector = createLazyHostWalletConnector(
    {
      owns: (id) => id?.startsWith('ANNOUNCED:') === true,
      isConnected: (namespace) => isInjectedConnected(store, namespace),
      describe: (id) => describeInjected(store, id),
      restorable: () => restorableInjected(deps.host),
      connectFailed: (uuid) => injectedConnectFailed(store, uuid),
      wanted: () => true,
    },
    load,
  )
  return { store, host, load, connector, loaded: { release: () => release() } }
}

const evm = (store: ReturnType<typeof createStore>) =>
  store.get(accountsAtom).find((a) => a.namespace === 'eip155')

describe("the host page's wallets before their connector's code (not in the first chunk)", () => {
  it('answers from the atoms, and a restore the loader has nothing for loads no code', async () => {
    const { store, load, connector, host } = standIn(undefined)
    expect(connector.describe('ANNOUNCED:dev.test.wallet')).toEqual({ name: 'Test Wallet', icon: undefined })
    expect(connector.isConnected()).toBe(false)
    store.set(accountsAtom, [
      {
        namespace: 'eip155',
        status: 'connected',
        address: ADDRESS,
        connectorId: 'ANNOUNCED:dev.test.wallet',
      },
    ])
    expect(connector.isConnected('eip155')).toBe(true)
    expect(connector.isConnected('solana')).toBe(false)
    store.set(accountsAtom, [])
    await connector.restore()
    expect(host.restoreInjected).toHaveBeenCalledTimes(1)
    expect(load).not.toHaveBeenCalled()
  })

  it('a connection the loader kept brings the code, which takes it once, without asking the loader again', async () => {
    const { store, load, connector, host } = standIn({ wallet: WALLET, accounts: [ADDRESS], chainId: '0x1' })
    await connector.restore()
    expect(load).toHaveBeenCalledTimes(1)
    expect(host.restoreInjected).toHaveBeenCalledTimes(1)
    expect(evm(store)).toMatchObject({
      status: 'connected',
      address: ADDRESS,
      caipAddress: `eip155:1:${ADDRESS}`,
      connectorId: 'ANNOUNCED:dev.test.wallet',
    })
  })

  it('a connect whose code did not load shows as a failed connect with its retry, and the retry loads it', async () => {
    const { store, load, connector } = standIn(undefined, 1)
    await connector.connect('u-1')
    expect(evm(store)).toBeUndefined()
    expect(store.get(connectingWalletAtom)).toMatchObject({ wallet: WALLET, error: 'Failed to connect' })
    expect(store.get(historyAtom).at(-1)).toBe('ConnectingExternal')
    await connector.connect('u-1')
    expect(load).toHaveBeenCalledTimes(2)
    expect(evm(store)).toMatchObject({ status: 'connected', address: ADDRESS })
    expect(store.get(connectingWalletAtom)).toBeUndefined()
  })

  it('a restored connection whose code did not load at start is adopted when opening the modal loads it', async () => {
    const { store, load, connector, host } = standIn(
      { wallet: WALLET, accounts: [ADDRESS], chainId: '0x1' },
      1,
    )
    await connector.restore()
    expect(evm(store)).toBeUndefined()
    connector.preload()
    await vi.waitFor(() => expect(evm(store)).toMatchObject({ status: 'connected', address: ADDRESS }))
    expect(load).toHaveBeenCalledTimes(2)
    expect(host.restoreInjected).toHaveBeenCalledTimes(1)
  })

  it("a restored wallet's events that come while its code loads are applied after the adoption, in order", async () => {
    const { store, connector, host, loaded } = standIn(
      { wallet: WALLET, accounts: [ADDRESS], chainId: '0x1' },
      0,
      true,
    )
    const restoring = connector.restore()
    await vi.waitFor(() => expect(host.restoreInjected).toHaveBeenCalled())
    await Promise.resolve()
    connector.onEvent({ type: 'accountsChanged', accounts: [OTHER] })
    loaded.release()
    await restoring
    await vi.waitFor(() => expect(evm(store)?.address).toBe(OTHER))
    expect(evm(store)).toMatchObject({ status: 'connected', connectorId: 'ANNOUNCED:dev.test.wallet' })
  })

  it("the loader's events that come before the code wait for it, and keep their order", async () => {
    const { store, load, connector } = standIn(undefined)
    store.set(accountsAtom, [
      {
        namespace: 'eip155',
        status: 'connected',
        address: ADDRESS,
        connectorId: 'ANNOUNCED:dev.test.wallet',
      },
    ])
    const events: InjectedEvent[] = [
      { type: 'accountsChanged', accounts: [ADDRESS] },
      { type: 'accountsChanged', accounts: [OTHER] },
    ]
    for (const event of events) connector.onEvent(event)
    expect(evm(store)?.address).toBe(ADDRESS)
    await vi.waitFor(() => expect(evm(store)?.address).toBe(OTHER))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(evm(store)?.address).toBe(OTHER)
    expect(load).toHaveBeenCalledTimes(1)
  })
})
