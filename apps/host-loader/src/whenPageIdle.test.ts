import { describe, expect, it, vi } from 'vitest'
import { whenPageIdle } from './whenPageIdle.ts'

type IdleCallback = () => void

/** A page whose load and idle time the test decides. */
function fakePage(readyState: DocumentReadyState, withIdle: boolean) {
  const target = new EventTarget()
  const idle: IdleCallback[] = []
  const page = Object.assign(target, {
    document: { readyState },
    setTimeout: (fn: () => void) => {
      idle.push(fn)
      return idle.length
    },
    ...(withIdle
      ? {
          requestIdleCallback: (fn: IdleCallback, options: { timeout: number }) => {
            expect(options.timeout).toBe(2000)
            idle.push(fn)
            return idle.length
          },
        }
      : {}),
  })
  return {
    view: page as unknown as Window,
    load: () => target.dispatchEvent(new Event('load')),
    runIdle: () => {
      for (const fn of idle.splice(0)) fn()
    },
  }
}

describe('whenPageIdle', () => {
  it('waits for the load event, then for idle time', () => {
    const page = fakePage('interactive', true)
    const task = vi.fn()
    whenPageIdle(task, page.view)
    page.runIdle()
    expect(task).not.toHaveBeenCalled()
    page.load()
    expect(task).not.toHaveBeenCalled()
    page.runIdle()
    expect(task).toHaveBeenCalledOnce()
  })

  it('on a page already loaded, waits for idle time only', () => {
    const page = fakePage('complete', true)
    const task = vi.fn()
    whenPageIdle(task, page.view)
    expect(task).not.toHaveBeenCalled()
    page.runIdle()
    expect(task).toHaveBeenCalledOnce()
  })

  it('without requestIdleCallback (Safari), runs in a task after load', () => {
    const page = fakePage('loading', false)
    const task = vi.fn()
    whenPageIdle(task, page.view)
    page.load()
    page.runIdle()
    expect(task).toHaveBeenCalledOnce()
  })
})
