// The API's own test stack (real API over PGlite, real MailDev): tests only, the frame never imports the API.
import {
  AUTH_ORIGIN,
  type AuthTestStack,
  approveByMail,
  codeOf,
  SITE,
  startAuthTestStack,
} from '@modalkit/api/testStack'
import { bytesToBase64 } from '@modalkit/shared'
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest'
import { createAuthApiClient } from '../api/createAuthApiClient.ts'
import { log } from '../log.ts'
import { createEmbeddedWallet, type EmbeddedWallet } from '../wallet/createEmbeddedWallet.ts'
import { createMemoryDeviceShareStore } from '../wallet/createMemoryDeviceShareStore.ts'
import { createMemorySessionStore } from '../wallet/createMemorySessionStore.ts'
import { SESSION_KEYS } from '../wallet/SessionStore.ts'
import { createFrameHandlers, type FrameHandlersContext } from './createFrameHandlers.ts'
import { startRouter } from './startRouter.ts'

const MODAL = 'http://modal.test'
let s: AuthTestStack

/** Node's fetch sends no Origin: add the one a browser in the secure frame would send. */
const frameFetch: typeof fetch = (input, init) =>
  fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), origin: AUTH_ORIGIN } })

beforeAll(async () => {
  s = await startAuthTestStack()
}, 60_000)
afterAll(async () => {
  await s?.stop()
})
afterEach(() => {
  log.setLevel('error')
  vi.restoreAllMocks()
})

/** The frame as main.ts wires it (router, handlers, wallet over the device's stores), minus its screens. */
function frame(
  device = { deviceStore: createMemoryDeviceShareStore(), sessionStore: createMemorySessionStore() },
) {
  let wallet: EmbeddedWallet | undefined
  const ctx: FrameHandlersContext = {
    wallet: () => wallet,
    openWallet: (siteOrigin) => {
      wallet = createEmbeddedWallet({
        api: createAuthApiClient({ apiUrl: s.base, fetch: frameFetch }),
        projectId: 'shop',
        siteOrigin,
        rpc: async () => {
          throw new Error('no chain in this test')
        },
        now: () => s.clock.now,
        pollIntervalMs: 100,
        ...device,
      })
      return wallet
    },
    projectId: 'shop',
    chain: { id: 31337 },
    setRpcUrl: () => {},
    onApprovalVisibility: () => {},
    smartAccounts: async () => {
      throw new Error('no smart accounts in this test')
    },
    smartAccountEndpoints: () => {
      throw new Error('no smart accounts in this test')
    },
  }
  const parent = { postMessage: vi.fn() }
  const scope = Object.assign(new EventTarget(), { setInterval, clearInterval }) as unknown as Window
  const stop = startRouter({
    modalOrigin: MODAL,
    parent: parent as unknown as Window,
    handlers: createFrameHandlers(ctx),
    scope,
  })
  let n = 0
  /** One SPEC §7 request as the modal posts it; its reply's type and payload. */
  const ask = async (type: string, payload: unknown = {}) => {
    const id = (++n).toString(16).padStart(32, '0')
    scope.dispatchEvent(
      Object.assign(new Event('message'), {
        data: { type: `@w3m-app/${type}`, id, payload },
        source: parent,
        origin: MODAL,
      }),
    )
    await vi.waitFor(() => expect(parent.postMessage.mock.calls.some(([m]) => m.id === id)).toBe(true), {
      timeout: 15_000,
    })
    const [reply] = parent.postMessage.mock.calls.find(([m]) => m.id === id) ?? []
    return reply as { type: string; payload: Record<string, unknown> }
  }
  return { ask, stop, device, wallet: () => wallet }
}

it('a whole e-mail login, a wrong code and a refused request at debug level: the log holds no secret', async () => {
  log.setLevel('debug')
  const printed: string[] = []
  for (const level of ['error', 'warn', 'info', 'debug'] as const)
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void printed.push(args.join(' ')))
  const email = `logs-${Date.now()}@example.test`

  // First visit: a new wallet, its device approved by mail, its recovery text typed back.
  const first = frame()
  await first.ask('SYNC_DAPP_DATA', { projectId: 'shop', sdkVersion: '1', siteOrigin: SITE })
  expect((await first.ask('CONNECT_EMAIL', { email })).payload).toEqual({ action: 'VERIFY_DEVICE' })
  const device = first.ask('CONNECT_DEVICE')
  expect((await approveByMail(s.base, await s.lastMail(email))).status).toBe(200)
  expect((await device).type).toBe('@w3m-frame/CONNECT_DEVICE_SUCCESS')
  const code = codeOf(await s.lastMail(email, 2))
  const wrong = code.endsWith('0') ? `${code.slice(0, 5)}1` : `${code.slice(0, 5)}0`
  expect((await first.ask('CONNECT_OTP', { otp: wrong })).type).toBe('@w3m-frame/CONNECT_OTP_ERROR')
  expect((await first.ask('CONNECT_OTP', { otp: code })).type).toBe('@w3m-frame/CONNECT_OTP_SUCCESS')
  const recovery = first.wallet()?.exportRecovery() ?? ''
  expect(recovery).toMatch(/^mkr1-/)
  await first.wallet()?.confirmRecovery(recovery)
  const user = (await first.ask('GET_USER')).payload as { address: string; userId?: string }
  expect(user.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
  // A request the frame refuses, with the account in it.
  const refused = await first.ask('RPC_REQUEST', {
    method: 'eth_sign',
    params: [user.address, '0x00'],
    chainNamespace: 'eip155',
    chainId: 31337,
  })
  expect(refused.type).toBe('@w3m-frame/RPC_REQUEST_ERROR')
  first.stop()

  const token = first.device.sessionStore.get(SESSION_KEYS.sessionToken) ?? ''
  expect(token.length).toBeGreaterThan(20)
  const userId = first.wallet()?.getUser()?.userId ?? ''
  const share = await first.device.deviceStore.load(userId)
  expect(share).toBeInstanceOf(Uint8Array)
  const shareHex = Buffer.from(share!).toString('hex')

  const kept = log.exportText()
  // The log is not empty: the requests, the wrong code and the refusal are in it.
  expect(kept).toContain('CONNECT_OTP refused')
  expect(kept).toContain('RPC_REQUEST refused')
  const all = `${kept}\n${printed.join('\n')}`
  for (const secret of [code, wrong, recovery, token, shareHex, bytesToBase64(share!), user.address.slice(2)])
    expect(all).not.toContain(secret)
})
