import { AppKitError } from '@modalkit/protocol'
import { createStore } from 'jotai/vanilla'
import { expect, it, vi } from 'vitest'
import { rotateRecovery, rotatingRecoveryAtom } from './rotateRecovery.ts'

const deferred = () => {
  let resolve!: () => void
  let reject!: (error: unknown) => void
  const promise = new Promise<void>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

it('shows progress while the frame rotates, then a success toast', async () => {
  const store = createStore()
  const frame = deferred()
  const embedded = { rotateRecovery: vi.fn(() => frame.promise) }
  const showToast = vi.fn()
  const running = rotateRecovery({ store, embedded, showToast })
  expect(store.get(rotatingRecoveryAtom)).toBe(true)
  // A second click while the first runs sends nothing more.
  await rotateRecovery({ store, embedded, showToast })
  expect(embedded.rotateRecovery).toHaveBeenCalledTimes(1)
  frame.resolve()
  await running
  expect(store.get(rotatingRecoveryAtom)).toBe(false)
  expect(showToast).toHaveBeenCalledWith('success', 'New recovery text saved')
})

it("shows the frame error's short message and ends the progress", async () => {
  const store = createStore()
  const showToast = vi.fn()
  const embedded = {
    rotateRecovery: () =>
      Promise.reject(new AppKitError({ code: 4001, shortMessage: 'The recovery text was not changed' })),
  }
  await rotateRecovery({ store, embedded, showToast })
  expect(showToast).toHaveBeenCalledWith('error', 'The recovery text was not changed')
  expect(showToast).not.toHaveBeenCalledWith('success', expect.anything())
  expect(store.get(rotatingRecoveryAtom)).toBe(false)
})

it('does nothing without the embedded wallet', async () => {
  const store = createStore()
  const showToast = vi.fn()
  await rotateRecovery({ store, embedded: undefined, showToast })
  expect(showToast).not.toHaveBeenCalled()
})
