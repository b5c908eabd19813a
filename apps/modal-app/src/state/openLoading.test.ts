import type { ProjectConfig } from '@modalkit/protocol'
import { describe, expect, it } from 'vitest'
import { STUB_CONFIG, stubController as setup } from '../../test/stubController.ts'
import { hostSnapshotAtom } from './hostSnapshotAtom.ts'

/** Node has no frames: the modal's "after the next paint" is the next task (afterNextPaint.ts). */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0))

/** The `loading` values the host is sent, in order, as the channel sends them (changes only). */
function loadingSeen({ controller, store }: ReturnType<typeof setup>) {
  const seen: boolean[] = []
  const record = () => {
    const { loading } = controller.snapshot()
    if (seen.at(-1) !== loading) seen.push(loading)
  }
  record()
  store.sub(hostSnapshotAtom, record)
  return seen
}

describe('open() and the modal state `loading` (SPEC §4)', () => {
  it('is loading from the open until its first view is painted, then not', async () => {
    const modal = setup()
    const { init, controller } = modal
    await init()
    expect(controller.snapshot().loading).toBe(false)
    const seen = loadingSeen(modal)
    const opened = controller.handlers.open({})
    expect(controller.snapshot().loading).toBe(true)
    await opened
    // The view is in the store; its first frame is not painted yet.
    expect(controller.snapshot()).toMatchObject({ open: true, view: 'Connect', loading: true })
    await nextTask()
    expect(controller.snapshot()).toMatchObject({ open: true, loading: false })
    expect(seen).toEqual([false, true, false])
  })

  it('is loading while an open sent right behind init waits for it, through to the painted view', async () => {
    let answer: (config: ProjectConfig) => void = () => {}
    const remote = new Promise<ProjectConfig>((resolve) => {
      answer = resolve
    })
    const modal = setup({ remote })
    const { init, controller } = modal
    const seen = loadingSeen(modal)
    const initialized = init()
    const opened = controller.handlers.open({})
    answer(STUB_CONFIG)
    await initialized
    // The configuration is there; the open has not shown its view yet: still loading.
    expect(controller.snapshot().loading).toBe(true)
    await opened
    await nextTask()
    expect(controller.snapshot()).toMatchObject({ open: true, loading: false })
    expect(seen).toEqual([false, true, false])
  })

  it('stops loading at once when the open fails', async () => {
    const { controller } = setup()
    await expect(controller.handlers.open({})).rejects.toMatchObject({ code: 'not_ready' })
    expect(controller.snapshot().loading).toBe(false)
  })
})
