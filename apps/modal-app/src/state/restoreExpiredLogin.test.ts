import { EMBEDDED_CONNECTOR_ID } from '@modalkit/protocol'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { keptStorage } from '../../test/keptStorage.ts'
import { stubApiClient } from '../../test/stubApiClient.ts'
import { STUB_CONFIG as config } from '../../test/stubController.ts'
import type { FrameClient } from '../connectors/embedded/createFrameClient.ts'
import { EMBEDDED_KEYS } from '../connectors/embedded/embeddedStorage.ts'
import { accountsAtom, alertAtom, createStore, hostOriginAtom } from './atoms.ts'
import { createController } from './createController.ts'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const USER = {
  email: 'ana@example.test',
  address: ADDRESS,
  chainId: 1,
  accounts: [{ namespace: 'eip155', address: ADDRESS, type: 'eoa' }],
}

/**
 * The secure frame as the test's user finds it: it answers, has a session or not, and an e-mail
 * login by code gives it one.
 */
function fakeFrame(state: { session: boolean }) {
  const asked: string[] = []
  const frame = {
    ready: Promise.resolve(),
    request: async (type: string) => {
      asked.push(type)
      if (type === 'IS_CONNECTED') return { isConnected: state.session }
      if (type === 'CONNECT_EMAIL') return { action: 'VERIFY_OTP' }
      if (type === 'CONNECT_OTP') state.session = true
      if (type === 'GET_USER') return USER
      if (type === 'GET_SMART_ACCOUNT_ENABLED_NETWORKS') return { networks: [] }
      return {}
    },
  } as unknown as FrameClient
  return { frame, asked }
}

/** A page load of the modal over the kept storage: init, and the kept login restored. */
async function load(frame: FrameClient) {
  const store = createStore()
  store.set(hostOriginAtom, 'https://shop.test')
  const alerts: string[] = []
  store.sub(alertAtom, () => {
    const alert = store.get(alertAtom)
    if (alert) alerts.push(alert.short)
  })
  const controller = createController({
    store,
    api: stubApiClient({ getProjectConfig: async () => config }),
    projectId: 'p',
    config: Promise.resolve(config),
    refetchConfig: async () => config,
    isMobile: false,
    emit: () => {},
    loadFrame: async () => () => frame,
  })
  await controller.handlers.init({ projectId: 'p', enableEmbedded: true })
  const embedded = () => store.get(accountsAtom).find((a) => a.connectorId === EMBEDDED_CONNECTOR_ID)
  return { store, controller, alerts, embedded }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('a kept embedded login found on reload', () => {
  it("says SPEC §8's 'Session Expired' when the secure frame no longer has its session, and forgets it", async () => {
    const kept = keptStorage([[EMBEDDED_KEYS.loginUsed, 'true']])
    const { frame, asked } = fakeFrame({ session: false })
    const { store } = await load(frame)
    await vi.waitFor(() => expect(store.get(alertAtom)).toMatchObject({ short: 'Session Expired' }))
    expect(asked).toContain('IS_CONNECTED')
    expect(kept.has(EMBEDDED_KEYS.loginUsed)).toBe(false)
  })

  it('says it once, keeps nothing of the old login, and a new e-mail login is reported as one on the next reload', async () => {
    // The expired login was a social one: its provider is kept with the login flag.
    const kept = keptStorage([
      [EMBEDDED_KEYS.loginUsed, 'true'],
      [EMBEDDED_KEYS.socialProvider, 'google'],
      [EMBEDDED_KEYS.email, 'old@example.test'],
    ])
    const state = { session: false }
    const { frame } = fakeFrame(state)
    const first = await load(frame)
    await vi.waitFor(() => expect(first.alerts).toEqual(['Session Expired']))
    await first.controller.handlers.open({})
    expect(first.alerts).toEqual(['Session Expired'])
    // A clean logged-out state: no embedded account, nothing of the old login kept.
    expect(first.embedded()).toBeUndefined()
    expect(
      [...kept.keys()].filter((key) => (Object.values(EMBEDDED_KEYS) as string[]).includes(key)),
    ).toEqual([])

    // The user logs in again by e-mail.
    await first.controller.actions.connectEmail('ana@example.test')
    await first.controller.actions.submitOtp('123456')
    await vi.waitFor(() =>
      expect(first.embedded()).toMatchObject({ status: 'connected', authProvider: 'email' }),
    )

    // Reloaded: the new login is restored as the e-mail login it is.
    const second = await load(frame)
    await vi.waitFor(() => expect(second.embedded()).toMatchObject({ status: 'connected', address: ADDRESS }))
    expect(second.embedded()?.authProvider).toBe('email')
    expect(second.alerts).toEqual([])
  })
})
