import { type ProjectConfig, ServerError } from '@modalkit/protocol'
import { describe, expect, it, vi } from 'vitest'
import { stubApiClient } from '../../test/stubApiClient.ts'
import { alertAtom, createStore, historyAtom, hostOriginAtom, openAtom, siteAllowedAtom } from './atoms.ts'
import { createController } from './createController.ts'

// Unit tests of the rule "a failed configuration load is not final": the API client is a recording
// stand-in (the real HTTP retry runs against a real server in createApiClient.test.ts, and the whole
// path in e2e/errors.spec.ts).
const config: ProjectConfig = {
  projectId: 'p',
  name: 'Shop',
  allowedOrigins: ['https://shop.test'],
  features: {},
}

function setup(first: Promise<ProjectConfig>, refetch: () => Promise<ProjectConfig>) {
  first.catch(() => {})
  const store = createStore()
  store.set(hostOriginAtom, 'https://shop.test')
  let refetches = 0
  const api = stubApiClient({ getProjectConfig: () => refetch() })
  const controller = createController({
    store,
    api,
    projectId: 'p',
    config: first,
    refetchConfig: () => {
      refetches++
      return refetch()
    },
    isMobile: false,
    emit: () => {},
  })
  return { store, controller, refetches: () => refetches }
}

describe('the remote configuration at load', () => {
  it('fetches again on open after the load failed, and the site then works', async () => {
    const { store, controller, refetches } = setup(
      Promise.reject(new ServerError('failed to get the app configuration: network')),
      async () => config,
    )
    await controller.handlers.init({ projectId: 'p' })
    expect(store.get(alertAtom)).toMatchObject({ short: 'Server Error' })
    await expect(controller.handlers.switchNetwork('eip155:1')).rejects.toMatchObject({
      code: 'invalid_project_id',
    })

    await controller.handlers.open(undefined)
    expect(refetches()).toBe(1)
    expect(store.get(siteAllowedAtom)).toBe(true)
    expect(store.get(alertAtom)).toBeUndefined()
    await expect(
      controller.handlers.request({ namespace: 'eip155', method: 'eth_blockNumber' }),
    ).resolves.toEqual({ chain: 'eip155:1', method: 'eth_blockNumber' })
    // Loaded once: later opens do not fetch again.
    await controller.handlers.open(undefined)
    expect(refetches()).toBe(1)
  })

  it('keeps the Server Error while the API still fails, and tries on each open', async () => {
    const { store, controller, refetches } = setup(Promise.reject(new ServerError('HTTP 500')), () =>
      Promise.reject(new ServerError('HTTP 500')),
    )
    await controller.handlers.init({ projectId: 'p' })
    await controller.handlers.open(undefined)
    await controller.handlers.open(undefined)
    expect(refetches()).toBe(2)
    expect(store.get(alertAtom)).toMatchObject({ short: 'Server Error' })
    expect(store.get(siteAllowedAtom)).toBe(false)
  })

  it('does not fetch again for an unknown project: that answer is final', async () => {
    const { InvalidProjectIdError } = await import('@modalkit/protocol')
    const { store, controller, refetches } = setup(
      Promise.reject(new InvalidProjectIdError('nope')),
      async () => config,
    )
    await controller.handlers.init({ projectId: 'p' })
    await controller.handlers.open(undefined)
    expect(refetches()).toBe(0)
    expect(store.get(alertAtom)).toMatchObject({ short: 'Invalid Project ID' })
  })
})

describe('alerts from what the project and the secure frame say', () => {
  it('shows no unverified-domain alert to a listed site of a project with no allowlist to enforce', async () => {
    const basic = { ...config, features: { email: false, socials: false as const } }
    const { store, controller } = setup(Promise.resolve(basic), async () => basic)
    await controller.handlers.init({ projectId: 'p' })
    expect(store.get(siteAllowedAtom)).toBe(true)
    expect(store.get(alertAtom)).toBeUndefined()
  })

  it("shows 'Session Expired' for a secure-frame error with that code, in the catalogue's words", async () => {
    const { FrameError } = await import('@modalkit/protocol')
    const { store, controller } = setup(Promise.resolve(config), async () => config)
    await controller.handlers.init({ projectId: 'p' })
    controller.onFrameError(new FrameError('words the frame chose', 'rate_limited'))
    expect(store.get(alertAtom)).toBeUndefined()
    controller.onFrameError(new FrameError('words the frame chose', 'session_expired'))
    expect(store.get(alertAtom)).toMatchObject({
      short: 'Session Expired',
      long: 'Your session is invalid. Check your time settings and reconnect.',
    })
  })
})

describe('open({ namespace })', () => {
  it("refuses a namespace with no configured network: 'Namespace is not configured'", async () => {
    const { store, controller } = setup(Promise.resolve(config), async () => config)
    await controller.handlers.init({ projectId: 'p', networks: ['eip155:1'] })
    await expect(controller.handlers.open({ namespace: 'solana' })).rejects.toMatchObject({
      code: 'namespace_not_configured',
      shortMessage: 'Namespace is not configured',
    })
    expect(store.get(openAtom)).toBe(false)
    await controller.handlers.open({ namespace: 'eip155' })
    expect(store.get(openAtom)).toBe(true)
  })
})

describe('a site that named its adapters', () => {
  it("refuses another namespace's calls with 'Adapter not found', and serves its own", async () => {
    const { store, controller } = setup(Promise.resolve(config), async () => config)
    const solana = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
    await controller.handlers.init({ projectId: 'p', networks: ['eip155:1', solana], adapters: ['eip155'] })
    const refused = { code: 'adapter_not_found', shortMessage: 'Adapter not found' }
    await expect(controller.handlers.open({ namespace: 'solana' })).rejects.toMatchObject(refused)
    expect(store.get(openAtom)).toBe(false)
    await expect(controller.handlers.switchNetwork(solana)).rejects.toMatchObject(refused)
    await expect(
      controller.handlers.request({ namespace: 'solana', method: 'getBalance', params: [] }),
    ).rejects.toMatchObject(refused)
    const [read] = await controller.handlers.requestReads([
      { namespace: 'solana', method: 'getBalance', params: [] },
    ])
    expect(read).toMatchObject({ ok: false, error: { code: 'adapter_not_found' } })
    await expect(
      controller.handlers.request({ namespace: 'eip155', method: 'eth_blockNumber' }),
    ).resolves.toEqual({ chain: 'eip155:1', method: 'eth_blockNumber' })
  })
})

describe('social login without an embedded wallet', () => {
  it("says 'No auth connector found' when no secure frame is configured", async () => {
    const { toastAtom } = await import('./atoms.ts')
    const { store, controller } = setup(Promise.resolve(config), async () => config)
    await controller.handlers.init({ projectId: 'p' })
    controller.actions.connectSocial('google')
    expect(store.get(toastAtom)).toMatchObject({ variant: 'error', message: 'No auth connector found' })
  })
})

describe('a first open sent right behind init (a cold open)', () => {
  it('runs once that init is done, fails as that init failed, and is refused with no init', async () => {
    const { store, controller } = setup(Promise.resolve(config), async () => config)
    await expect(controller.handlers.open(undefined)).rejects.toMatchObject({ code: 'not_ready' })
    const initialized = controller.handlers.init({ projectId: 'p', networks: ['eip155:1'] })
    const opened = controller.handlers.open({ view: 'SwitchNetwork' })
    await Promise.all([initialized, opened])
    expect(store.get(openAtom)).toBe(true)
    expect(store.get(historyAtom)).toEqual(['SwitchNetwork'])
    expect(store.get(siteAllowedAtom)).toBe(true)

    const refused = setup(Promise.resolve(config), async () => config)
    const failing = refused.controller.handlers.init({ projectId: 'p', siwx: {}, siweConfig: {} })
    const behind = refused.controller.handlers.open(undefined)
    await expect(failing).rejects.toMatchObject({ code: 'config_conflict' })
    await expect(behind).rejects.toMatchObject({ code: 'config_conflict' })
    expect(refused.store.get(openAtom)).toBe(false)
  })
})

describe('calls that act for the site, posted ahead of its init (a hostile page can post them itself)', () => {
  it('are refused without an init, and wait for the verdict of one that is loading', async () => {
    const { store, controller } = setup(Promise.resolve(config), async () => config)
    const { handlers } = controller
    for (const early of [
      handlers.request({ namespace: 'eip155', method: 'eth_sendTransaction', params: [{}] }),
      handlers.request({ namespace: 'eip155', method: 'wallet_notAMethod' }),
      handlers.switchNetwork('eip155:1'),
      handlers.pay({
        recipient: '0x0000000000000000000000000000000000000001',
        amount: 1,
        paymentAsset: {
          network: 'eip155:1',
          asset: 'native',
          metadata: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        },
      }),
      handlers.disconnect(undefined),
    ])
      await expect(early).rejects.toMatchObject({ code: 'not_ready' })
    expect(store.get(openAtom)).toBe(false)

    // An unlisted site whose configuration is still on its way: refused once it arrives, never before.
    let arrive!: (value: ProjectConfig) => void
    const loading = setup(
      new Promise<ProjectConfig>((resolve) => {
        arrive = resolve
      }),
      async () => config,
    )
    loading.store.set(hostOriginAtom, 'https://evil.test')
    const init = loading.controller.handlers.init({ projectId: 'p' })
    const unlisted = loading.controller.handlers.request({ namespace: 'eip155', method: 'wallet_notAMethod' })
    const settled = vi.fn()
    Promise.resolve(unlisted).then(settled, settled)
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(settled).not.toHaveBeenCalled()
    arrive(config)
    await init
    await expect(unlisted).rejects.toMatchObject({ code: 'invalid_app_configuration' })
    expect(loading.store.get(openAtom)).toBe(false)
  })
})
