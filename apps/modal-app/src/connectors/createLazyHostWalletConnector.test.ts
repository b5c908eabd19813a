import type { HostClient, InjectedEvent, RestoredInjected } from '@modalkit/protocol'
import { getNetwork } from '@modalkit/shared'
import { describe, expect, it, vi } from 'vitest'
import { accountsAtom, announcedWalletsAtom, createStore, networksAtom } from '../state/atoms.ts'
import { createLazyHostWalletConnector } from './createLazyHostWalletConnector.ts'
import { createInjectedConnector } from './injected/createInjectedConnector.ts'
import { describeInjected, isInjectedConnected, restorableInjected } from './injected/injectedBasics.ts'

const WALLET = { uuid: 'u-1', name: 'Test Wallet', rdns: 'dev.test.wallet' }
const ADDRESS = '0x1111111111111111111111111111111111111111'
const OTHER = '0x2222222222222222222222222222222222222222'

/**
 * The browser wallets' stand-in as registry.ts makes it, over the real connector (its code a
 * promise here, a lazy chunk there) and a loader that answers `restoreInjected` as told.
 */
function standIn(restored: RestoredInjected | undefined, fail = 0) {
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
  const load = vi.fn(async () => {
    if (failures-- > 0) throw new Error('the chunk did not load')
    return createInjectedConnector(deps)
  })
  const connector = createLazyHostWalletConnector(
    {
      owns: (id) => id?.startsWith('ANNOUNCED:') === true,
      isConnected: (namespace) => isInjectedConnected(store, namespace),
      describe: (id) => describeInjected(store, id),
      restorable: () => restorableInjected(deps.host),
    },
    load,
  )
  return { store, host, load, connector }
}

const evm = (store: ReturnType<typeof createStore>) =>
  store.get(accountsAtom).find((a) => a.namespace === 'eip155')

describe("the host page's wallets before their connector's code (issue 11: not in the first chunk)", () => {
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

  it('a chunk that did not load is fetched again by the next call, leaving nothing half-done', async () => {
    const { store, load, connector } = standIn(undefined, 1)
    await expect(connector.connect('u-1')).rejects.toThrow('the chunk did not load')
    expect(evm(store)).toBeUndefined()
    await connector.connect('u-1')
    expect(load).toHaveBeenCalledTimes(2)
    expect(evm(store)).toMatchObject({ status: 'connected', address: ADDRESS })
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
