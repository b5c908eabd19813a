import { FrameLoadFailedError, ServiceUnavailableError } from '@modalkit/protocol'
import { describe, expect, it, vi } from 'vitest'
import { laterMethods, loadOnce } from './loadLater.ts'

describe('code loaded on first need', () => {
  it('loads once for calls made together, and has the value at hand after', async () => {
    const load = vi.fn(async () => ({ answer: 42 }))
    const chunk = loadOnce(load)
    expect(chunk.current()).toBeUndefined()
    const [a, b] = await Promise.all([chunk.get(), chunk.get()])
    expect(a).toBe(b)
    expect(chunk.current()).toBe(a)
    await chunk.get()
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('tries again after a failed load instead of remembering the failure', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('chunk unreachable'))
      .mockResolvedValue('loaded')
    const chunk = loadOnce(load)
    await expect(chunk.get()).rejects.toThrow('chunk unreachable')
    expect(chunk.current()).toBeUndefined()
    await expect(chunk.get()).resolves.toBe('loaded')
    expect(load).toHaveBeenCalledTimes(2)
  })

  it("rejects a chunk that could not be fetched with the retryable 'Service Unavailable', and passes typed errors through", async () => {
    const unreachable = new TypeError('Failed to fetch dynamically imported module: /assets/x.js')
    const chunk = loadOnce(() => Promise.reject(unreachable))
    const error = await chunk.get().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ServiceUnavailableError)
    expect(error).toMatchObject({
      code: 'service_unavailable',
      shortMessage: 'Service Unavailable: try again shortly',
      retryable: true,
      details: `a part of the modal could not be loaded: ${unreachable.message}`,
      cause: unreachable,
    })
    const refused = new FrameLoadFailedError('the frame did not answer')
    await expect(loadOnce(() => Promise.reject(refused)).get()).rejects.toBe(refused)
  })

  it("passes each call's arguments, answer and failure through to the loaded method", async () => {
    type Methods = { add(a: number, b: number): Promise<number>; fail(): Promise<never> }
    const loaded: Methods = {
      add: async (a, b) => a + b,
      fail: async () => {
        throw new Error('refused')
      },
    }
    const load = vi.fn(async () => loaded)
    const methods = laterMethods<Methods>(loadOnce(load).get, { add: true, fail: true })
    // Nothing is loaded until a method is called.
    expect(load).not.toHaveBeenCalled()
    await expect(methods.add(2, 3)).resolves.toBe(5)
    await expect(methods.fail()).rejects.toThrow('refused')
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('answers `unloaded` instead of rejecting, for methods that never reject, when the chunk cannot load', async () => {
    type Methods = { refresh(): Promise<void> }
    const unloaded = vi.fn()
    const failing = loadOnce<Methods>(() => Promise.reject(new Error('chunk unreachable')))
    const methods = laterMethods<Methods>(failing.get, { refresh: true }, unloaded)
    await expect(methods.refresh()).resolves.toBeUndefined()
    expect(unloaded).toHaveBeenCalledWith(expect.objectContaining({ code: 'service_unavailable' }))
    // The loaded method's own failure still reaches the caller.
    const refusing = laterMethods<Methods>(
      async () => ({
        refresh: async () => {
          throw new Error('refused')
        },
      }),
      { refresh: true },
      unloaded,
    )
    await expect(refusing.refresh()).rejects.toThrow('refused')
  })
})
