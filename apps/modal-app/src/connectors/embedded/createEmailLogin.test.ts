import { RequestAbortedError } from '@modalkit/protocol'
import { describe, expect, it } from 'vitest'
import { createStore, emailFlowAtom, historyAtom } from '../../state/atoms.ts'
import { createEmailLogin } from './createEmailLogin.ts'
import type { EmbeddedSession } from './createEmbeddedSession.ts'
import type { EmbeddedContext } from './EmbeddedContext.ts'
import { embeddedStorage } from './embeddedStorage.ts'

type Answer = { resolve(value: unknown): void; reject(error: unknown): void }

/**
 * The e-mail login with a secure frame that answers as the test says: each request waits in
 * `asked` until answered. The clock is the test's.
 */
function setup() {
  const store = createStore()
  const asked: { type: string; payload: unknown; answer: Answer }[] = []
  let now = 1_000_000
  const ctx = {
    store,
    analytics: { track: () => {} },
    clock: { now: () => now },
    frame: () => ({
      request: (type: string, payload: unknown) =>
        new Promise((resolve, reject) => asked.push({ type, payload, answer: { resolve, reject } })),
    }),
  } as unknown as EmbeddedContext
  const statuses: string[] = []
  const session = {
    syncDapp: async () => ({}),
    setStatus: (status: string) => statuses.push(status),
    finish: async () => {},
  } as unknown as EmbeddedSession
  const kept = new Map<string, string>()
  const storage = embeddedStorage({
    getItem: (key: string) => kept.get(key) ?? null,
    setItem: (key: string, value: string) => kept.set(key, value),
    removeItem: (key: string) => kept.delete(key),
  } as unknown as Storage)
  const login = createEmailLogin(ctx, session, storage)
  const flow = () => store.get(emailFlowAtom)
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
  return { store, asked, login, flow, settle, statuses, advance: (ms: number) => (now += ms), at: () => now }
}

describe('sending the login mail again', () => {
  it('is refused within 30 s of the last mail, then sends a new code in the same view', async () => {
    const { asked, login, flow, settle, advance, at, store } = setup()
    const first = login.connectEmail('ana@example.test')
    await settle()
    asked[0]!.answer.resolve({ action: 'VERIFY_OTP' })
    await first
    const sentAt = at()
    expect(flow()).toMatchObject({ step: 'otp', sentAt })
    const views = store.get(historyAtom)

    advance(10_000)
    await login.resendEmail()
    expect(flow()).toMatchObject({ step: 'otp', sentAt, error: 'Please try again after 20 seconds' })
    expect(asked).toHaveLength(1)

    advance(20_000)
    const again = login.resendEmail()
    await settle()
    expect(asked.map((a) => [a.type, a.payload])).toEqual([
      ['CONNECT_EMAIL', { email: 'ana@example.test' }],
      ['CONNECT_EMAIL', { email: 'ana@example.test' }],
    ])
    asked[1]!.answer.resolve({ action: 'VERIFY_OTP' })
    await again
    expect(flow()).toEqual({ email: 'ana@example.test', step: 'otp', sentAt: at(), resent: true })
    // The same view: nothing pushed on the stack.
    expect(store.get(historyAtom)).toBe(views)
  })

  it('in the device step, the first wait ending (retired by the resend) leaves the new attempt alone', async () => {
    const { asked, login, flow, settle, advance } = setup()
    void login.connectEmail('ana@example.test')
    await settle()
    asked[0]!.answer.resolve({ action: 'VERIFY_DEVICE' })
    await settle()
    expect(flow()?.step).toBe('device')
    expect(asked[1]!.type).toBe('CONNECT_DEVICE')

    advance(30_000)
    const again = login.resendEmail()
    await settle()
    asked[2]!.answer.resolve({ action: 'VERIFY_DEVICE' })
    await settle()
    // The frame ends the first device wait when the second one starts.
    asked[1]!.answer.reject(new RequestAbortedError())
    await settle()
    expect(flow()).toMatchObject({ step: 'device', resent: true })
    expect(flow()?.error).toBeUndefined()
    asked[3]!.answer.resolve({})
    await again
    expect(flow()?.step).toBe('otp')
  })

  it('in the device step, the first wait answering late (its old link followed) changes nothing', async () => {
    const { asked, login, flow, settle, advance } = setup()
    void login.connectEmail('ana@example.test')
    await settle()
    asked[0]!.answer.resolve({ action: 'VERIFY_DEVICE' })
    await settle()
    advance(30_000)
    void login.resendEmail()
    await settle()
    asked[2]!.answer.resolve({ action: 'VERIFY_DEVICE' })
    await settle()
    asked[1]!.answer.resolve({})
    await settle()
    // Still waiting for the new link: the code step comes with the new attempt's answer only.
    expect(flow()).toMatchObject({ step: 'device', resent: true })
  })

  it('is not offered outside the device and code steps', async () => {
    const { asked, login, flow } = setup()
    await login.resendEmail()
    expect(flow()).toBeUndefined()
    expect(asked).toHaveLength(0)
  })
})
