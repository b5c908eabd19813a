import { describe, expect, it, vi } from 'vitest'
import { lazyView, ViewChunkError } from './lazyView.tsx'

const View = () => null

describe('lazyView', () => {
  it('fetches its chunk once, however often it is preloaded, and then has its component', async () => {
    const load = vi.fn(async () => View)
    const view = lazyView(load)
    expect(view.loaded()).toBeUndefined()
    await Promise.all([view.preload(), view.preload()])
    await view.preload()
    expect(load).toHaveBeenCalledOnce()
    expect(view.loaded()).toBe(View)
  })

  it('after a failed fetch (offline), the next preload tries again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(View)
    const view = lazyView(load)
    await expect(view.preload()).rejects.toBeInstanceOf(ViewChunkError)
    expect(view.loaded()).toBeUndefined()
    await view.preload()
    expect(load).toHaveBeenCalledTimes(2)
    expect(view.loaded()).toBe(View)
  })

  it("a render keeps a failed fetch until the view's boundary lets it go: then the next opening fetches again", async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(View)
    const view = lazyView(load)
    const first = view.load()
    await expect(first).rejects.toBeInstanceOf(ViewChunkError)
    // React renders the suspended view again once its promise settles: the same failure, no new fetch.
    expect(view.load()).toBe(first)
    expect(load).toHaveBeenCalledOnce()
    const error = await first.catch((e: unknown) => e)
    if (!(error instanceof ViewChunkError)) throw new Error('not a ViewChunkError')
    expect(error.cause).toEqual(new Error('offline'))
    error.retry()
    await view.load()
    expect(load).toHaveBeenCalledTimes(2)
    expect(view.loaded()).toBe(View)
  })

  it('a failure no boundary caught (the view was left while it loaded) is let go after a second', async () => {
    vi.useFakeTimers()
    try {
      const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(View)
      const view = lazyView(load)
      const first = view.load()
      await expect(first).rejects.toBeInstanceOf(ViewChunkError)
      expect(view.load()).toBe(first) // the render right after still sees it
      vi.advanceTimersByTime(1_500)
      await view.load()
      expect(load).toHaveBeenCalledTimes(2)
      expect(view.loaded()).toBe(View)
    } finally {
      vi.useRealTimers()
    }
  })
})
