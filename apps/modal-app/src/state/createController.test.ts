import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { stubApiClient } from '../../test/stubApiClient.ts'
import { STUB_CONFIG as config, stubController as setup } from '../../test/stubController.ts'
import { log } from '../log.ts'
import {
  alertAtom,
  createStore,
  historyAtom,
  hostOriginAtom,
  openAtom,
  shakeAtom,
  toastAtom,
} from './atoms.ts'
import { createController } from './createController.ts'

// Unit tests of the controller's rules, on a recording stand-in API client (stubController.ts).
describe('the modal controller', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('answers init with a snapshot of the first network', async () => {
    const { init } = setup()
    expect(await init()).toMatchObject({
      open: false,
      view: 'Connect',
      selectedNetworkId: 'eip155:1',
      network: { id: 1, name: 'Ethereum', chainNamespace: 'eip155' },
      closeDisabled: false,
    })
  })

  it('keeps errors only in the log (SPEC §9), and everything down to debug when init says `debug`', async () => {
    const { init } = setup()
    await init()
    expect(log.getLevel()).toBe('error')
    await init({ debug: true })
    expect(log.getLevel()).toBe('debug')
    await init({ debug: false })
    expect(log.getLevel()).toBe('error')
  })

  it('refuses siweConfig together with siwx', async () => {
    const { init } = setup()
    await expect(init({ siwx: {}, siweConfig: {} })).rejects.toMatchObject({ code: 'config_conflict' })
  })

  it('opens with MODAL_OPEN and closes back to Connect with MODAL_CLOSE, both sent to analytics', async () => {
    const { init, controller, store, events, sent } = setup()
    await init()
    await controller.handlers.open({ view: 'SwitchNetwork' })
    expect(store.get(openAtom)).toBe(true)
    expect(store.get(historyAtom)).toEqual(['SwitchNetwork'])
    controller.push('AllWallets')
    controller.back()
    expect(store.get(historyAtom)).toEqual(['SwitchNetwork'])
    controller.back()
    expect(store.get(openAtom)).toBe(false)
    expect(store.get(historyAtom)).toEqual(['Connect'])
    expect(events).toEqual(['MODAL_CREATED', 'MODAL_OPEN', 'CLICK_ALL_WALLETS', 'MODAL_CLOSE'])
    await vi.runAllTimersAsync()
    expect(sent).toEqual(['MODAL_OPEN', 'CLICK_ALL_WALLETS', 'MODAL_CLOSE'])
  })

  it("switches networks, and refuses one not configured with 'Network Not Found'", async () => {
    const { init, controller } = setup()
    await init()
    await controller.handlers.switchNetwork('eip155:31337')
    expect(controller.snapshot().selectedNetworkId).toBe('eip155:31337')
    await expect(async () => controller.handlers.switchNetwork('eip155:10')).rejects.toMatchObject({
      code: 'network_not_found',
      shortMessage: 'Network Not Found',
    })
  })

  it('switches network instead of view when another namespace is requested on open', async () => {
    const { init, controller } = setup()
    await init({ networks: ['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'] })
    await controller.handlers.open({ namespace: 'solana' })
    expect(controller.snapshot()).toMatchObject({ activeChain: 'solana', view: 'Connect' })
  })

  it('replaces an open toast: closes it, then shows the new one after 150 ms', async () => {
    const { controller, store } = setup()
    controller.showToast('loading', 'Connecting')
    controller.showToast('success', 'Connected')
    expect(store.get(toastAtom)).toBeUndefined()
    await vi.advanceTimersByTimeAsync(149)
    expect(store.get(toastAtom)).toBeUndefined()
    await vi.advanceTimersByTimeAsync(1)
    expect(store.get(toastAtom)).toMatchObject({ variant: 'success', message: 'Connected' })
  })

  it("refuses a site off the allowlist (handshake origin) with 'Invalid App Configuration'", async () => {
    const { init, controller, store, sent } = setup({ origin: 'https://shop.test.evil.test' })
    await init()
    expect(store.get(alertAtom)).toMatchObject({ short: 'Invalid App Configuration' })
    await expect(async () => controller.handlers.switchNetwork('eip155:31337')).rejects.toMatchObject({
      code: 'invalid_app_configuration',
    })
    await expect(
      controller.handlers.request({ namespace: 'eip155', method: 'eth_chainId' }),
    ).rejects.toMatchObject({
      code: 'invalid_app_configuration',
    })
    await controller.handlers.open(undefined)
    await vi.runAllTimersAsync()
    expect(sent).toEqual([])
  })

  it("shows 'Invalid App Configuration' once when analytics answers 403", async () => {
    const { InvalidAppConfigurationError } = await import('@modalkit/protocol')
    const store = createStore()
    store.set(hostOriginAtom, 'https://shop.test')
    let calls = 0
    const controller = createController({
      store,
      api: stubApiClient({
        getProjectConfig: () => Promise.resolve(config),
        sendEvent: async () => {
          calls++
          throw new InvalidAppConfigurationError('403')
        },
        rpc: async () => null,
      }),
      projectId: 'p',
      config: Promise.resolve(config),
      isMobile: false,
      emit: () => {},
    })
    await controller.handlers.init({ projectId: 'p' })
    await controller.handlers.open(undefined)
    await vi.runAllTimersAsync()
    expect(store.get(alertAtom)).toMatchObject({ short: 'Invalid App Configuration' })
    controller.dismissAlert()
    controller.close()
    await controller.handlers.open(undefined)
    await vi.runAllTimersAsync()
    expect(calls).toBe(1)
    expect(store.get(alertAtom)).toBeUndefined()
  })

  it.each([
    ['basic mode', { basic: true }],
    ['e-mail and socials off locally', { features: { email: false, socials: false as const } }],
  ])('a site off the allowlist cannot switch the check off with %s', async (_what, local) => {
    const { init, controller, store } = setup({ origin: 'https://evil.test' })
    await init(local)
    expect(store.get(alertAtom)).toMatchObject({ short: 'Invalid App Configuration' })
    await expect(
      controller.handlers.request({ namespace: 'eip155', method: 'eth_chainId' }),
    ).rejects.toMatchObject({ code: 'invalid_app_configuration' })
  })

  it('serves any origin when the project has no allowlist to enforce, with the unverified-domain alert', async () => {
    const remote = Promise.resolve({ ...config, features: { email: false, socials: false as const } })
    const { init, store, controller } = setup({ origin: 'https://anywhere.test', remote })
    await init()
    expect(store.get(alertAtom)).toMatchObject({
      short: 'Unverified domain: this site is not verified for the project',
    })
    await expect(
      controller.handlers.request({ namespace: 'eip155', method: 'eth_blockNumber' }),
    ).resolves.toEqual({ chain: 'eip155:1', method: 'eth_blockNumber' })
  })

  it("shows 'Invalid Project ID' when the project is unknown", async () => {
    const { InvalidProjectIdError } = await import('@modalkit/protocol')
    const remote = Promise.reject(new InvalidProjectIdError('nope'))
    remote.catch(() => {})
    const { init, store } = setup({ remote })
    await init()
    expect(store.get(alertAtom)).toMatchObject({ short: 'Invalid Project ID' })
  })

  it('keeps the modal open when closing is disabled, and shakes', async () => {
    const { init, controller, store } = setup()
    await init({ siwx: { required: true } })
    await controller.handlers.open({ view: 'SIWXSignMessage' })
    expect(controller.snapshot().closeDisabled).toBe(true)
    const shakes = store.get(shakeAtom)
    expect(controller.close()).toBe(false)
    expect(store.get(openAtom)).toBe(true)
    expect(store.get(shakeAtom)).toBe(shakes + 1)
  })
})
