// @vitest-environment jsdom
import type {
  AppKit,
  AppKitAccount,
  AppKitNetworkState,
  AppKitState,
  AppKitTheme,
} from '@modalkit/host-loader/types'
import type { ModalEvent } from '@modalkit/protocol'
import { act, createElement, type FunctionComponent } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { setCurrentAppKit } from '../current.ts'
import {
  useAppKit,
  useAppKitAccount,
  useAppKitEvents,
  useAppKitNetwork,
  useAppKitNetworkCore,
  useAppKitProvider,
  useAppKitState,
  useAppKitTheme,
  useDisconnect,
  useWalletInfo,
} from './index.ts'

Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', true)

// A stand-in for the modal: the real `window.appkit` needs the modal's cross-origin frame, which a
// unit test has no local form of (e2e/appkitPackage.spec.ts runs the hooks on the real one). It keeps
// AppKit's contract that matters here: getters answer now, `subscribe*` call back on later changes
// only, and each returns its unsubscribe.
type Topic = 'account' | 'network' | 'state' | 'theme' | 'events' | 'providers' | 'walletInfo'
function standIn() {
  const listeners = new Map<Topic, Set<(value: never) => void>>()
  const on = (topic: Topic, callback: (value: never) => void) => {
    const set = listeners.get(topic) ?? new Set()
    listeners.set(topic, set)
    set.add(callback)
    return () => set.delete(callback)
  }
  const emit = (topic: Topic, value: unknown) => {
    for (const callback of listeners.get(topic) ?? []) (callback as (value: unknown) => void)(value)
  }
  const calls: string[] = []
  const provider = { request: async () => null, on: () => undefined, removeListener: () => undefined }
  const world = {
    account: {
      allAccounts: [],
      caipAddress: undefined,
      address: undefined,
      isConnected: false,
      status: 'disconnected',
    } as AppKitAccount,
    state: {
      initialized: true,
      open: false,
      loading: false,
      view: 'Connect',
      activeChain: undefined,
      selectedNetworkId: 'eip155:1',
    } as AppKitState,
    theme: { themeMode: 'dark', themeVariables: {} } as AppKitTheme,
    chainId: 1 as number | undefined,
    wallet: undefined as { name: string; type?: string } | undefined,
  }
  const appkit = {
    getAccount: () => world.account,
    subscribeAccount: (callback: never) => on('account', callback),
    getCaipNetwork: () => undefined,
    getChainId: () => world.chainId,
    getCaipNetworkId: () => (world.chainId ? `eip155:${world.chainId}` : undefined),
    subscribeNetwork: (callback: never) => on('network', callback),
    switchNetwork: async (network: unknown) => void calls.push(`switchNetwork ${JSON.stringify(network)}`),
    getState: () => world.state,
    subscribeState: (callback: never) => on('state', callback),
    getThemeMode: () => world.theme.themeMode,
    getThemeVariables: () => world.theme.themeVariables,
    subscribeTheme: (callback: never) => on('theme', callback),
    setThemeMode: async (mode: string) => void calls.push(`setThemeMode ${mode}`),
    setThemeVariables: async () => undefined,
    subscribeEvents: (callback: never) => on('events', callback),
    getAddress: () => world.account.address,
    getProvider: () => provider,
    subscribeProviders: (callback: never) => on('providers', callback),
    getWalletInfo: () => world.wallet,
    subscribeWalletInfo: (callback: never) => on('walletInfo', callback),
    open: async (args: unknown) => void calls.push(`open ${JSON.stringify(args)}`),
    close: async () => void calls.push('close'),
    disconnect: async (namespace: unknown) => void calls.push(`disconnect ${String(namespace)}`),
  }
  return { appkit: appkit as unknown as AppKit, emit, world, calls, provider, listeners }
}

let container: HTMLElement
let root: Root
beforeEach(() => {
  container = document.createElement('div')
  document.body.append(container)
  root = createRoot(container)
})
afterEach(() => {
  act(() => root.unmount())
  container.remove()
})

/** Runs `hook` and reports each render's result. */
const Probe: FunctionComponent<{ hook: () => unknown; report: (value: unknown) => void }> = ({
  hook,
  report,
}) => {
  report(hook())
  return null
}

/** Renders a hook; `latest()` is what it returned on the last render, `renders()` how often it ran. */
function renderHook<T>(hook: () => T) {
  let value: T | undefined
  let count = 0
  const report = (next: unknown) => {
    value = next as T
    count += 1
  }
  act(() => root.render(createElement(Probe, { hook, report })))
  return { latest: () => value as T, renders: () => count }
}

const connected: AppKitAccount = {
  allAccounts: [],
  caipAddress: 'eip155:1:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  isConnected: true,
  status: 'connected',
}

describe("AppKit's React hooks over the modal's subscribe* methods", () => {
  it('useAppKitAccount renders the account now and again on each change, and unsubscribes on unmount', () => {
    const modal = standIn()
    setCurrentAppKit(modal.appkit)
    const hook = renderHook(() => useAppKitAccount())
    expect(hook.latest().isConnected).toBe(false)
    act(() => modal.emit('account', connected))
    expect(hook.latest().address).toBe(connected.address)
    expect(modal.listeners.get('account')?.size).toBe(1)
    act(() => root.unmount())
    expect(modal.listeners.get('account')?.size).toBe(0)
    root = createRoot(container)
  })

  it('a change between the render and the subscription is not missed', () => {
    const modal = standIn()
    setCurrentAppKit(modal.appkit)
    let first = true
    const hook = renderHook(() => {
      const account = useAppKitAccount()
      // Changes after the first render read the account, before the effect subscribes.
      if (first) modal.world.account = connected
      first = false
      return account
    })
    expect(hook.latest().address).toBe(connected.address)
  })

  it('a getter that builds a new object with the same values renders once (the snapshot stays one object)', () => {
    const modal = standIn()
    setCurrentAppKit(modal.appkit)
    // useAppKitTheme's getter builds a new { themeMode, themeVariables } on each read.
    const hook = renderHook(() => useAppKitTheme())
    expect(hook.renders()).toBe(1)
    act(() => modal.emit('theme', { themeMode: 'light', themeVariables: {} }))
    expect(hook.renders()).toBe(2)
    expect(hook.latest().themeMode).toBe('light')
  })

  it('useAppKitNetwork follows subscribeNetwork and switchNetwork takes a network object', async () => {
    const modal = standIn()
    setCurrentAppKit(modal.appkit)
    const hook = renderHook(() => useAppKitNetwork())
    expect(hook.latest()).toMatchObject({ chainId: 1, caipNetworkId: 'eip155:1' })
    const next: AppKitNetworkState = {
      caipNetwork: undefined,
      chainId: 31338,
      caipNetworkId: 'eip155:31338',
      approvedCaipNetworkIds: undefined,
      supportsAllNetworks: true,
    }
    act(() => modal.emit('network', next))
    expect(hook.latest()).toMatchObject({ chainId: 31338, caipNetworkId: 'eip155:31338' })
    await hook.latest().switchNetwork({ id: 31337, caipNetworkId: 'eip155:31337' })
    expect(modal.calls).toContain('switchNetwork {"id":31337,"caipNetworkId":"eip155:31337"}')
  })

  it('useAppKitNetworkCore gives the network without switchNetwork, following the same subscription', () => {
    const modal = standIn()
    setCurrentAppKit(modal.appkit)
    const hook = renderHook(() => useAppKitNetworkCore())
    expect(hook.latest()).toEqual({ caipNetwork: undefined, chainId: 1, caipNetworkId: 'eip155:1' })
    act(() =>
      modal.emit('network', {
        caipNetwork: undefined,
        chainId: 31338,
        caipNetworkId: 'eip155:31338',
        approvedCaipNetworkIds: undefined,
        supportsAllNetworks: true,
      }),
    )
    expect(hook.latest()).toEqual({ caipNetwork: undefined, chainId: 31338, caipNetworkId: 'eip155:31338' })
  })

  it('useAppKitNetwork reads the network again when the state changes (the default chosen after init)', () => {
    const modal = standIn()
    modal.world.chainId = undefined
    setCurrentAppKit(modal.appkit)
    const hook = renderHook(() => useAppKitNetwork())
    expect(hook.latest().chainId).toBeUndefined()
    modal.world.chainId = 31337
    act(() => modal.emit('state', { ...modal.world.state, selectedNetworkId: 'eip155:31337' }))
    expect(hook.latest()).toMatchObject({ chainId: 31337, caipNetworkId: 'eip155:31337' })
  })

  it("useAppKitProvider gives the namespace's provider once a wallet is connected, with its type", () => {
    const modal = standIn()
    setCurrentAppKit(modal.appkit)
    const hook = renderHook(() => useAppKitProvider('eip155'))
    expect(hook.latest().walletProvider).toBeUndefined()
    act(() => {
      modal.emit('providers', { eip155: modal.provider })
      modal.emit('walletInfo', { name: 'Test Wallet', type: 'injected' })
    })
    expect(hook.latest()).toEqual({ walletProvider: modal.provider, walletProviderType: 'injected' })
    act(() => modal.emit('providers', {}))
    expect(hook.latest()).toEqual({ walletProvider: undefined, walletProviderType: undefined })
  })

  it('useAppKitState, useAppKitTheme, useWalletInfo and useAppKitEvents follow their subscriptions', async () => {
    const modal = standIn()
    setCurrentAppKit(modal.appkit)
    const hook = renderHook(() => ({
      state: useAppKitState(),
      theme: useAppKitTheme(),
      wallet: useWalletInfo(),
      events: useAppKitEvents(),
    }))
    expect(hook.latest().events.data).toBeUndefined()
    const event = { type: 'track', event: 'MODAL_OPEN', properties: {} } as unknown as ModalEvent
    act(() => {
      modal.emit('state', { ...modal.world.state, open: true, view: 'SwitchNetwork' })
      modal.emit('theme', { themeMode: 'light', themeVariables: { '--w3m-accent': '#f00' } })
      modal.emit('walletInfo', { name: 'Test Wallet' })
      modal.emit('events', event)
    })
    const { state, theme, wallet, events } = hook.latest()
    expect(state).toMatchObject({ open: true, view: 'SwitchNetwork' })
    expect(theme).toMatchObject({ themeMode: 'light', themeVariables: { '--w3m-accent': '#f00' } })
    expect(wallet.walletInfo).toEqual({ name: 'Test Wallet' })
    expect(events.data).toBe(event)
    await theme.setThemeMode('dark')
    expect(modal.calls).toContain('setThemeMode dark')
  })

  it('useAppKit and useDisconnect call open, close and disconnect', async () => {
    const modal = standIn()
    setCurrentAppKit(modal.appkit)
    const hook = renderHook(() => ({ ...useAppKit(), ...useDisconnect() }))
    await hook.latest().open({ view: 'Networks' })
    await hook.latest().close()
    await hook.latest().disconnect({ namespace: 'solana' })
    expect(modal.calls).toEqual(['open {"view":"Networks"}', 'close', 'disconnect solana'])
  })
})
