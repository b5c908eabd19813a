import { recoveryWindowMessageSchema } from '@modalkit/protocol'
import { afterEach, expect, it, vi } from 'vitest'
import { openRecoveryWindow } from './openRecoveryWindow.ts'

const ORIGIN = 'http://auth.test'
const PREFIX = '@modalkit-recovery/'
const TEXT = 'mkr1-abcDEF_012-xyz'

/** A stand-in window with a real event target: the frame, and the recovery window it opens. */
function setup(blocked = false) {
  const frame = new EventTarget()
  const popup = { closed: false, close: vi.fn(), postMessage: vi.fn() }
  const scope = Object.assign(frame, {
    location: { origin: ORIGIN },
    crypto: globalThis.crypto,
    open: vi.fn(() => (blocked ? null : popup)),
    setInterval: globalThis.setInterval,
    clearInterval: globalThis.clearInterval,
  }) as unknown as Window
  // The frame's own check: only the text itself is confirmed.
  const confirm = vi.fn((typed: string) =>
    typed === TEXT ? Promise.resolve() : Promise.reject(new Error('mismatch')),
  )
  const onConfirmed = vi.fn()
  const onClosed = vi.fn()
  const handle = openRecoveryWindow({ text: TEXT, locale: 'ja', confirm, onConfirmed, onClosed, scope })
  const send = (data: unknown, source: unknown = popup, origin = ORIGIN) =>
    frame.dispatchEvent(Object.assign(new Event('message'), { data, source, origin }))
  const sent = () => popup.postMessage.mock.calls.map(([message, origin]) => ({ message, origin }))
  const ready = () => {
    send({ type: `${PREFIX}READY` })
    return (sent().at(-1)?.message as { nonce: string } | undefined)?.nonce ?? ''
  }
  return { scope, popup, handle, send, sent, ready, confirm, onConfirmed, onClosed }
}

afterEach(() => vi.useRealTimers())

it('opens recovery.html on its own origin and sends the text, in its language, to that origin only, once the window is ready', () => {
  const { scope, sent, ready } = setup()
  expect(scope.open).toHaveBeenCalledWith(`${ORIGIN}/recovery.html`, '_blank', expect.any(String))
  expect(sent()).toEqual([])
  const nonce = ready()
  expect(nonce).toMatch(/^[0-9a-f]{32}$/)
  expect(sent()).toEqual([
    { message: { type: `${PREFIX}TEXT`, nonce, locale: 'ja', text: TEXT }, origin: ORIGIN },
  ])
  // What the window accepts: it shows the text only if it parses.
  expect(recoveryWindowMessageSchema.safeParse(sent()[0]?.message).success).toBe(true)
})

it('checks a typed text only from the window it opened, on its origin, with its nonce; a wrong text is answered and the window stays', async () => {
  const { send, sent, ready, confirm, onConfirmed, popup } = setup()
  const nonce = ready()
  const typed = { type: `${PREFIX}TYPED`, nonce, typed: TEXT }
  send(typed, {}) // another window
  send(typed, popup, 'http://evil.test')
  send({ ...typed, nonce: 'f'.repeat(32) })
  send({ ...typed, typed: 42 })
  expect(confirm).not.toHaveBeenCalled()

  send({ ...typed, typed: `${TEXT}x` })
  await vi.waitFor(() => expect(sent()).toHaveLength(2))
  expect(sent()[1]).toEqual({ message: { type: `${PREFIX}RESULT`, nonce, confirmed: false }, origin: ORIGIN })
  expect(popup.close).not.toHaveBeenCalled()
  expect(onConfirmed).not.toHaveBeenCalled()

  send(typed)
  await vi.waitFor(() => expect(onConfirmed).toHaveBeenCalledTimes(1))
  expect(sent()[2]).toEqual({ message: { type: `${PREFIX}RESULT`, nonce, confirmed: true }, origin: ORIGIN })
  expect(popup.close).toHaveBeenCalled()
  // The nonce is spent: a late text counts for nothing.
  send(typed)
  await Promise.resolve()
  expect(confirm).toHaveBeenCalledTimes(2)
})

it('reports a window closed before confirming, and a late text then counts for nothing', async () => {
  vi.useFakeTimers()
  const { send, ready, confirm, onClosed, popup } = setup()
  const nonce = ready()
  popup.closed = true
  await vi.advanceTimersByTimeAsync(1_000)
  expect(onClosed).toHaveBeenCalledTimes(1)
  send({ type: `${PREFIX}TYPED`, nonce, typed: TEXT })
  expect(confirm).not.toHaveBeenCalled()
})

it('is undefined when the browser blocked the window', () => {
  expect(setup(true).handle).toBeUndefined()
})
