import { FrameLoadFailedError, type HostSnapshot } from '@modalkit/protocol'
import { PublicKey } from '@solana/web3.js'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { normalizeOptions } from './compat/normalizeOptions.ts'
import type { CoreFactory } from './coreHandoff.ts'
import { createAppKit } from './createAppKit.ts'
import { createLazyAppKit } from './createLazyAppKit.ts'
import { createProvider } from './createProvider.ts'
import { createSolanaProvider } from './createSolanaProvider.ts'
import { INITIAL_SNAPSHOT, Store } from './store.ts'
import type { AppKit, AppKitAccount, AppKitInitOptions, AppKitState } from './types.ts'

const MODAL = 'https://modal.test'
const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const mainnet = {
  caipNetworkId: 'eip155:1',
  id: 1,
  name: 'Ethereum',
  chainNamespace: 'eip155',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
} as const

/**
 * A core whose state the test moves: the real core only changes state when a modal answers (e2e).
 * Its provider is the real one over that state; its other methods record their calls.
 */
function fakeCore() {
  const snapshot = new Store<HostSnapshot>(INITIAL_SNAPSHOT)
  const state = new Set<(s: AppKitState) => void>()
  const accounts = new Set<(a: AppKitAccount) => void>()
  const calls: unknown[][] = []
  const record =
    (name: string) =>
    async (...args: unknown[]) => {
      calls.push([name, ...args])
    }
  const provider = createProvider(snapshot, {
    ready: async () => {},
    forward: async (method) => `forwarded ${method}`,
    open: async () => {},
    disconnect: record('disconnect'),
  })
  const solana = createSolanaProvider(snapshot, {
    ready: async () => {},
    forward: async (method) => ({ signature: `${'5'.repeat(80)}`, forwarded: method }),
    open: async () => {},
    disconnect: record('solana.disconnect'),
    classes: async () => ({ PublicKey }),
  })
  const subscribe =
    <T>(set: Set<T>) =>
    (callback: T) => {
      set.add(callback)
      return () => set.delete(callback)
    }
  const core = {
    init: (options: unknown) => {
      calls.push(['init', options])
      return core
    },
    open: record('open'),
    close: record('close'),
    switchNetwork: record('switchNetwork'),
    disconnect: record('disconnect'),
    setThemeMode: record('setThemeMode'),
    setThemeVariables: record('setThemeVariables'),
    getState: () => ({
      ...INITIAL_SNAPSHOT,
      initialized: true,
      activeChain: 'eip155',
      selectedNetworkId: undefined,
    }),
    subscribeState: subscribe(state),
    subscribeEvents: () => () => {},
    getAccount: () => ({
      allAccounts: [],
      caipAddress: undefined,
      address,
      isConnected: true,
      status: 'connected',
    }),
    subscribeAccount: subscribe(accounts),
    getCaipNetwork: () => mainnet,
    subscribeNetwork: () => () => {},
    getProvider: (namespace: string) =>
      namespace === 'eip155' ? provider : namespace === 'solana' ? solana : undefined,
  } as unknown as AppKit
  return { core, calls, snapshot, state, accounts, created: [] as unknown[][] }
}

function lazyWithFake() {
  const fake = fakeCore()
  const factory = ((...args: unknown[]) => {
    fake.created.push(args)
    return fake.core
  }) as unknown as CoreFactory
  const loadCore = vi.fn(async () => factory)
  return { fake, loadCore, appkit: createLazyAppKit(MODAL, loadCore) }
}

const SITE = 'https://shop.test'
type FakeFrame = { tag: string; src?: string; allow?: string; inert?: boolean; style: { cssText?: string } }
const appended: FakeFrame[] = []

beforeEach(() => {
  // announceProvider's window: events are all it uses; a loaded page without requestIdleCallback,
  // so a timer preloads. Timers are looked up when called, so a test's fake timers drive them.
  const view = Object.assign(new EventTarget(), {
    document: { readyState: 'complete' },
    setTimeout: (task: () => void, ms: number) => setTimeout(task, ms),
    clearTimeout: (id: ReturnType<typeof setTimeout>) => clearTimeout(id),
  })
  vi.stubGlobal('window', view)
  vi.stubGlobal('location', { origin: SITE })
  // The modal's frame, as startFrame.ts makes it: what was made and appended is all a test reads.
  appended.length = 0
  vi.stubGlobal('document', {
    body: { appendChild: (node: FakeFrame) => appended.push(node) },
    createElement: (tag: string) => {
      const node = { tag, style: {}, remove: () => appended.splice(appended.indexOf(node), 1) }
      return node
    },
  })
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('window.appkit before its core (stage 1)', () => {
  it('has the same methods as the core', () => {
    const lazy = createLazyAppKit(MODAL, async () => createAppKit)
    expect(Object.keys(lazy).sort()).toEqual(Object.keys(createAppKit(MODAL)).sort())
  })

  it("answers getters as the core's initial state, without loading it", () => {
    const { appkit, loadCore } = lazyWithFake()
    const core = createAppKit(MODAL)
    expect(appkit.getState()).toEqual(core.getState())
    expect(appkit.getAccount()).toEqual(core.getAccount())
    expect(appkit.getAccount('solana')).toEqual(core.getAccount('solana'))
    expect(appkit.getCaipNetwork()).toBe(core.getCaipNetwork())
    expect(appkit.getProvider('solana').publicKey).toBeUndefined()
    expect(appkit.getProvider('solana').isConnected).toBe(false)
    expect(appkit.getProvider('polkadot')).toBeUndefined()
    expect(loadCore).not.toHaveBeenCalled()
  })

  it('throws the errors of init() synchronously, without loading the core', () => {
    const { appkit, loadCore } = lazyWithFake()
    expect(() => appkit.init({ projectId: '' })).toThrowError(
      expect.objectContaining({
        name: 'ProjectIdNotConfiguredError',
        code: 'project_id_not_configured',
        shortMessage: 'Project ID Not Configured',
      }),
    )
    expect(() => appkit.init({ projectId: 'p', siwx: {}, siweConfig: {} })).toThrowError(
      expect.objectContaining({
        name: 'SiwxConfigConflictError',
        code: 'config_conflict',
        shortMessage: 'Cannot set both siweConfig and siwx',
      }),
    )
    expect(loadCore).not.toHaveBeenCalled()
  })

  it('gives no provider for a namespace it does not have, an Object member name included', () => {
    const { appkit } = lazyWithFake()
    for (const namespace of ['polkadot', 'constructor', '__proto__', 'toString'])
      expect(appkit.getProvider(namespace as 'eip155')).toBeUndefined()
  })

  it('announces its provider by EIP-6963 at init, the object getProvider gives', () => {
    const { appkit } = lazyWithFake()
    const announced: unknown[] = []
    window.addEventListener('eip6963:announceProvider', (e) => announced.push((e as CustomEvent).detail))
    appkit.init({ projectId: 'p' })
    expect(announced).toEqual([expect.objectContaining({ provider: appkit.getProvider('eip155') })])
  })

  it('loads the core after init once idle, and hands it the options and its provider', async () => {
    vi.useFakeTimers()
    try {
      const { appkit, loadCore, fake } = lazyWithFake()
      appkit.init({ projectId: 'p' })
      expect(loadCore).not.toHaveBeenCalled()
      await vi.runAllTimersAsync()
      expect(loadCore).toHaveBeenCalledOnce()
      expect(fake.created).toEqual([[MODAL, appkit.getProvider('eip155'), appended[0]]])
      expect(fake.calls).toEqual([['init', { projectId: 'p' }]])
      expect(appkit.getState().initialized).toBe(true)
    } finally {
      vi.useRealTimers()
    }
  })

  it('loads the core at once for a call that needs it, and forwards the call', async () => {
    const { appkit, loadCore, fake } = lazyWithFake()
    await appkit.open({ view: 'Account' })
    await appkit.switchNetwork('eip155:137')
    expect(loadCore).toHaveBeenCalledOnce()
    expect(fake.calls).toEqual([
      ['open', { view: 'Account' }],
      ['switchNetwork', 'eip155:137'],
    ])
    appkit.init({ projectId: 'p' })
    expect(fake.calls.at(-1)).toEqual(['init', { projectId: 'p' }])
    expect(appkit.getAccount().address).toBe(address)
  })

  it("starts the modal's frame as it starts loading the core, and hands it over", async () => {
    const { fake } = lazyWithFake()
    let arrive!: (factory: CoreFactory) => void
    const slow = createLazyAppKit(
      MODAL,
      () =>
        new Promise<CoreFactory>((resolve) => {
          arrive = resolve
        }),
    )
    vi.useFakeTimers({ toFake: ['setTimeout'] }) // its idle preload never due in this test
    slow.init({ projectId: 'p 1' })
    vi.useRealTimers()
    const opened = slow.open()
    // The core is still on its way: the frame is loading already, unseen and out of the tab order.
    expect(appended).toMatchObject([
      {
        tag: 'iframe',
        src: `${MODAL}/?projectId=p+1&origin=${encodeURIComponent(SITE)}`,
        allow: 'clipboard-write',
        inert: true,
        style: { cssText: 'position:fixed;opacity:0;pointer-events:none' },
      },
    ])
    arrive(((...args: unknown[]) => {
      fake.created.push(args)
      return fake.core
    }) as unknown as CoreFactory)
    await opened
    expect(fake.created).toEqual([[MODAL, slow.getProvider('eip155'), appended[0]]])
    expect(appended).toHaveLength(1)

    // A core that came before init makes its own frame: none is started for it to miss.
    appended.length = 0
    const before = lazyWithFake()
    await before.appkit.setThemeMode('dark')
    before.appkit.init({ projectId: 'p' })
    await before.appkit.open()
    expect(before.fake.created).toEqual([[MODAL, before.appkit.getProvider('eip155'), undefined]])
    expect(appended).toEqual([])

    // Embedded: the core mounts the frame in the site's element; nothing before init either.
    appended.length = 0
    const embedded = lazyWithFake()
    await embedded.appkit.open()
    embedded.appkit.init({ projectId: 'p', embedTarget: '#wallet' })
    await embedded.appkit.close()
    expect(appended).toEqual([])
  })

  it('moves subscriptions made before the core onto it; one stopped before stays off', async () => {
    const { appkit, fake } = lazyWithFake()
    const kept = vi.fn()
    const stopped = vi.fn()
    const stopKept = appkit.subscribeState(kept)
    appkit.subscribeState(stopped)()
    const account = vi.fn()
    appkit.subscribeAccount(account, 'eip155')
    await appkit.close()
    expect(fake.state.size).toBe(1)
    for (const callback of fake.state) callback(appkit.getState())
    expect(kept).toHaveBeenCalledWith(appkit.getState())
    expect(stopped).not.toHaveBeenCalled()
    expect(fake.accounts.size).toBe(1)
    stopKept()
    expect(fake.state.size).toBe(0)
  })

  it('keeps one provider whose listeners from before the core get its events', async () => {
    const { appkit, fake } = lazyWithFake()
    const provider = appkit.getProvider('eip155')!
    const accountsChanged = vi.fn()
    const removed = vi.fn()
    expect(provider.on('accountsChanged', accountsChanged)).toBe(provider)
    provider.on('connect', removed).removeListener('connect', removed)
    expect(await provider.request({ method: 'eth_blockNumber' })).toBe('forwarded eth_blockNumber')
    expect(appkit.getProvider('eip155')).toBe(provider)
    fake.snapshot.set({
      ...INITIAL_SNAPSHOT,
      network: mainnet,
      accounts: [{ namespace: 'eip155', status: 'connected', address }],
    })
    expect(accountsChanged).toHaveBeenCalledWith([address])
    expect(removed).not.toHaveBeenCalled()
  })

  it("keeps one Solana provider: the core's fields and calls once it comes, listeners from before it kept", async () => {
    const { appkit, fake } = lazyWithFake()
    const solana = appkit.getProvider('solana')
    const core = createAppKit(MODAL).getProvider('solana')
    expect(Object.keys(solana).sort()).toEqual(Object.keys(core).sort())
    const connect = vi.fn()
    solana.on('connect', connect)
    await solana.disconnect()
    expect(fake.calls).toEqual([['solana.disconnect']])
    expect(appkit.getProvider('solana')).toBe(solana)
    const key = 'GRYnpvyTctLiftw4vtvrNBxCJFxVdCTncozm53pCywZ'
    fake.snapshot.set({
      ...INITIAL_SNAPSHOT,
      accounts: [{ namespace: 'solana', status: 'connected', address: key }],
    })
    await vi.waitFor(() => expect(connect).toHaveBeenCalledWith(new PublicKey(key)))
    expect(solana.publicKey?.toBase58()).toBe(key)
    expect(solana.isConnected).toBe(true)
    expect(await solana.signAndSendTransaction(new Uint8Array([1, 2, 3]))).toBe('5'.repeat(80))
  })

  it('rejects with iframe_load_failed when the core does not load, and tries again on the next call', async () => {
    const { fake } = lazyWithFake()
    const factory = (() => fake.core) as unknown as CoreFactory
    const loadCore = vi
      .fn<() => Promise<CoreFactory>>()
      .mockRejectedValueOnce(new FrameLoadFailedError('could not load'))
      .mockRejectedValueOnce(new FrameLoadFailedError('could not load'))
      .mockResolvedValue(factory)
    const appkit = createLazyAppKit(MODAL, loadCore)
    // Configured (so the frame starts with the core), its idle preload never due in this test.
    vi.useFakeTimers({ toFake: ['setTimeout'] })
    appkit.init({ projectId: 'p' })
    vi.useRealTimers()
    await expect(appkit.open()).rejects.toMatchObject({
      code: 'iframe_load_failed',
      shortMessage: 'Network Error - Could not load embedded wallet',
    })
    // The frame started with the core is gone with it: nothing is left over the page.
    expect(appended).toEqual([])
    // The provider's callers get an EIP-1193 error, as from the core's provider.
    await expect(appkit.getProvider('eip155')!.request({ method: 'eth_chainId' })).rejects.toMatchObject({
      code: -32603,
      message: 'Network Error - Could not load embedded wallet',
      data: { code: 'iframe_load_failed' },
    })
    await appkit.close()
    expect(loadCore).toHaveBeenCalledTimes(3)
    expect(fake.calls).toEqual([['init', { projectId: 'p' }], ['close']])
    expect(appended).toHaveLength(1)
  })

  it('leaves the options check to the core: a wrong type rejects the call that needed it, and configures nothing', async () => {
    const { fake, appkit, loadCore } = lazyWithFake()
    // The core's check (compat/normalizeOptions.ts), which this stage's bytes no longer carry.
    const init = fake.core.init
    fake.core.init = (options) => {
      normalizeOptions(options as AppKitInitOptions)
      return init(options)
    }
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.useFakeTimers({ toFake: ['setTimeout'] }) // its idle preload never due in this test
    // @ts-expect-error: the wrong type on purpose, as an untyped site would pass it
    expect(appkit.init({ projectId: 'p', features: { analytics: 'yes' } })).toBe(appkit)
    vi.useRealTimers()
    expect(loadCore).not.toHaveBeenCalled()
    const refusal = { code: 'validation_error', shortMessage: 'Invalid init() options' }
    await expect(appkit.open()).rejects.toMatchObject({ ...refusal, details: 'custom at features.analytics' })
    expect(errors).toHaveBeenCalledWith(
      '[appkit] init() refused its options:',
      expect.objectContaining(refusal),
    )
    // Nothing configured, nothing left over the page: the frame started with the core went with it.
    expect(appended).toEqual([])
    expect(fake.calls).toEqual([])
    expect(appkit.getThemeMode()).toBe('light')
    // A correct configuration is then taken, and the core loads again for it.
    appkit.init({ projectId: 'p', themeMode: 'dark' })
    expect(appkit.getThemeMode()).toBe('dark')
    await appkit.open()
    expect(fake.calls).toEqual([['init', { projectId: 'p', themeMode: 'dark' }], ['open']])
    expect(loadCore).toHaveBeenCalledTimes(2)
    errors.mockRestore()
  })

  it("gives the core's answers for calls before init: not_ready from the real core", async () => {
    const appkit = createLazyAppKit(MODAL, async () => createAppKit)
    await expect(appkit.open()).rejects.toMatchObject({ code: 'not_ready' })
    await expect(appkit.getProvider('eip155')!.request({ method: 'eth_accounts' })).rejects.toMatchObject({
      code: -32603,
      data: { code: 'not_ready' },
    })
  })
})
