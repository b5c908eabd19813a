import { approvalWindowRequestSchema } from '@modalkit/protocol'
import { afterEach, expect, it, vi } from 'vitest'
import { openApprovalWindow } from './openApprovalWindow.ts'

const ORIGIN = 'http://auth.test'
const PREFIX = '@modalkit-approval/'

/** A stand-in window with a real event target: the frame, and the popup it opens. */
function setup() {
  const frame = new EventTarget()
  const popup = { closed: false, close: vi.fn(), postMessage: vi.fn() }
  const scope = Object.assign(frame, {
    location: { origin: ORIGIN },
    crypto: globalThis.crypto,
    open: vi.fn(() => popup),
    setInterval: globalThis.setInterval,
    clearInterval: globalThis.clearInterval,
  }) as unknown as Window
  const onDecision = vi.fn()
  const onClosed = vi.fn()
  const handle = openApprovalWindow({
    title: 'Firmar mensaje',
    fields: [{ label: [{ text: 'Mensaje' }], value: [{ text: 'hello', value: true }] }],
    site: 'http://host.test',
    locale: 'es',
    theme: { themeMode: 'dark', themeVariables: { '--w3m-accent': '#0a7f5a' } },
    onDecision,
    onClosed,
    scope,
  })
  const send = (data: unknown, source: unknown = popup, origin = ORIGIN) =>
    frame.dispatchEvent(Object.assign(new Event('message'), { data, source, origin }))
  const ready = () => {
    send({ type: `${PREFIX}READY` })
    const [message, origin] = popup.postMessage.mock.calls.at(-1) ?? []
    expect(origin).toBe(ORIGIN)
    return (message as { nonce: string }).nonce
  }
  return { scope, popup, handle, send, ready, onDecision, onClosed }
}

afterEach(() => vi.useRealTimers())

it('opens approve.html on its own origin and sends the request, in its language and theme, to that origin only, when the popup is ready', () => {
  const { scope, popup, ready } = setup()
  expect(scope.open).toHaveBeenCalledWith(`${ORIGIN}/approve.html`, '_blank', expect.any(String))
  const nonce = ready()
  expect(nonce).toMatch(/^[0-9a-f]{32}$/)
  expect(popup.postMessage.mock.calls[0]?.[0]).toEqual({
    type: `${PREFIX}REQUEST`,
    nonce,
    locale: 'es',
    theme: { themeMode: 'dark', themeVariables: { '--w3m-accent': '#0a7f5a' } },
    site: 'http://host.test',
    title: 'Firmar mensaje',
    fields: [{ label: [{ text: 'Mensaje' }], value: [{ text: 'hello', value: true }] }],
  }) // What the popup accepts: it shows this request only if it parses.
  expect(approvalWindowRequestSchema.safeParse(popup.postMessage.mock.calls[0]?.[0]).success).toBe(true)
})

it('takes a decision only from the popup it opened, on its origin, with its nonce, once', () => {
  const { send, ready, onDecision, popup } = setup()
  const nonce = ready()
  const approve = { type: `${PREFIX}DECISION`, nonce, approved: true }
  send(approve, {}) // another window
  send(approve, popup, 'http://evil.test')
  send({ ...approve, nonce: 'f'.repeat(32) })
  send({ ...approve, approved: 'yes' })
  expect(onDecision).not.toHaveBeenCalled()
  send(approve)
  send(approve)
  expect(onDecision).toHaveBeenCalledTimes(1)
  expect(onDecision).toHaveBeenCalledWith(true)
  expect(popup.close).toHaveBeenCalled()
})

it('reports a popup closed without a decision, and a late decision then counts for nothing', async () => {
  vi.useFakeTimers()
  const { send, ready, onDecision, onClosed, popup } = setup()
  const nonce = ready()
  popup.closed = true
  await vi.advanceTimersByTimeAsync(1_000)
  expect(onClosed).toHaveBeenCalledTimes(1)
  send({ type: `${PREFIX}DECISION`, nonce, approved: true })
  expect(onDecision).not.toHaveBeenCalled()
})

it('close() retires the popup and its nonce', () => {
  const { send, ready, onDecision, handle, popup } = setup()
  const nonce = ready()
  handle?.close()
  expect(popup.close).toHaveBeenCalled()
  send({ type: `${PREFIX}DECISION`, nonce, approved: true })
  expect(onDecision).not.toHaveBeenCalled()
})
