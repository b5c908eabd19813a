import { describe, expect, it, vi } from 'vitest'
import { lazyView } from './lazyView.tsx'

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
    await expect(view.preload()).rejects.toThrow('offline')
    expect(view.loaded()).toBeUndefined()
    await view.preload()
    expect(load).toHaveBeenCalledTimes(2)
    expect(view.loaded()).toBe(View)
  })
})
