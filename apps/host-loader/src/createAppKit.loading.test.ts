// @vitest-environment jsdom
import { afterEach, expect, it, vi } from 'vitest'
import { createAppKit } from './createAppKit.ts'
import { frameSrc } from './frameSrc.ts'

const MODAL = 'https://modal.test'

/**
 * The modal's frame as on a cold open, its page still loading: the core adopts it (startFrame.ts)
 * and the handshake never comes (jsdom loads no page into it), until the loader gives up on it
 * (connectModal's 20 s, on fake timers here).
 */
function loadingFrame(): HTMLIFrameElement {
  const frame = document.createElement('iframe')
  frame.src = frameSrc(MODAL, 'p')
  document.body.append(frame)
  // Nothing listens in a page that has not loaded yet.
  if (frame.contentWindow) frame.contentWindow.postMessage = () => {}
  return frame
}
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  document.body.replaceChildren()
})

it('open() is loading (SPEC §4) while the modal is on its way, and stops once the open failed', async () => {
  vi.useFakeTimers()
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
  const appkit = createAppKit(MODAL, undefined, loadingFrame())
  appkit.init({ projectId: 'p' })
  const seen: boolean[] = []
  let calls = 0
  appkit.subscribeState(({ loading }) => {
    calls++
    if (seen.at(-1) !== loading) seen.push(loading)
  })
  expect(appkit.getState().loading).toBe(false)

  const opened = appkit.open()
  const failure = opened.catch((error: unknown) => error)
  expect(appkit.getState()).toMatchObject({ open: false, loading: true })
  // A second click while the first open is on its way changes nothing the page sees.
  const again = appkit.open().catch((error: unknown) => error)
  expect(calls).toBe(1)
  await vi.advanceTimersByTimeAsync(10_000)
  expect(appkit.getState().loading).toBe(true)

  await vi.advanceTimersByTimeAsync(15_000)
  expect(await failure).toBeInstanceOf(Error)
  expect(await again).toBeInstanceOf(Error)
  expect(appkit.getState()).toMatchObject({ open: false, loading: false })
  expect(seen).toEqual([true, false])
  expect(logged).toHaveBeenCalledWith('[appkit] the modal failed to start', expect.anything())
})
