import { afterEach, expect, it, vi } from 'vitest'
import { type FrameHandlers, startRouter } from './startRouter.ts'

const MODAL = 'http://modal.test'
const READY = { type: '@w3m-frame/READY' }

/** The frame's window and its parent (the modal), with real event delivery and fake timers. */
function setup() {
  vi.useFakeTimers()
  const parent = { postMessage: vi.fn() }
  const scope = Object.assign(new EventTarget(), {
    setInterval: globalThis.setInterval,
    clearInterval: globalThis.clearInterval,
  }) as unknown as Window
  const handlers = new Proxy({}, { get: () => async () => ({}) }) as FrameHandlers
  const stop = startRouter({ modalOrigin: MODAL, parent: parent as unknown as Window, handlers, scope })
  const send = (data: unknown, source: unknown = parent, origin = MODAL) =>
    scope.dispatchEvent(Object.assign(new Event('message'), { data, source, origin }))
  const readies = () => parent.postMessage.mock.calls.filter(([message]) => message.type === READY.type)
  return { parent, send, readies, stop }
}

afterEach(() => vi.useRealTimers())

it('says it is ready at once, to the modal origin only, and again every 250 ms until the modal asks', async () => {
  const { send, readies } = setup()
  expect(readies()).toEqual([[READY, MODAL]])
  vi.advanceTimersByTime(750)
  expect(readies()).toHaveLength(4)
  // Something that is not the modal's request (another origin, a malformed message) changes nothing.
  send(
    { type: '@w3m-app/SYNC_THEME', id: 'a'.repeat(32), payload: { themeMode: 'dark' } },
    undefined,
    'http://evil.test',
  )
  send({ type: 'hello' })
  vi.advanceTimersByTime(250)
  expect(readies()).toHaveLength(5)
  send({ type: '@w3m-app/SYNC_THEME', id: 'b'.repeat(32), payload: { themeMode: 'dark' } })
  await vi.advanceTimersByTimeAsync(5_000)
  expect(readies()).toHaveLength(5)
  // Every one of them to the modal's origin only.
  expect(readies().every(([message, origin]) => message.type === READY.type && origin === MODAL)).toBe(true)
})

it('gives up after 20 s when no modal ever asks, and stops when the router is stopped', () => {
  const first = setup()
  vi.advanceTimersByTime(60_000)
  expect(first.readies()).toHaveLength(81)
  const second = setup()
  second.stop()
  vi.advanceTimersByTime(1_000)
  expect(second.readies()).toHaveLength(1)
})
