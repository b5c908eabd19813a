import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { describe, expect, it, vi } from 'vitest'
import { drainPageQueue, pageQueue } from './pageQueue.ts'

const root = new URL('../../../', import.meta.url)
const embedding = readFileSync(new URL('docs/embedding.md', root), 'utf8')
/** The click queue's line, as docs/embedding.md gives it. */
const line = /<script>(window\.appkit\|\|.*?)<\/script>/.exec(embedding)?.[1] ?? ''

/** The documented line, run as a page runs it (on a fake window). */
function stub(window: { appkit?: unknown }) {
  new Function('window', line)(window)
  return window.appkit as { q: unknown; open(...args: unknown[]): void }
}

describe('pageQueue', () => {
  it("is the documented stub, not another library's window.appkit, nor ours", () => {
    expect(pageQueue(stub({}))).toBeDefined()
    expect(pageQueue(undefined)).toBeUndefined()
    expect(pageQueue({ open() {} })).toBeUndefined()
    expect(pageQueue({ q: 'not a list' })).toBeUndefined()
    expect(pageQueue(null)).toBeUndefined()
  })

  it('opens once per queued open(), with its arguments, then for each later call on the kept stub', () => {
    const page = stub({})
    const kept = page.open
    page.open()
    page.open({ view: 'Networks' }, 'extra')
    const open = vi.fn()
    drainPageQueue(pageQueue(page)!, open)
    expect(open.mock.calls).toEqual([[], [{ view: 'Networks' }, 'extra']])

    kept({ view: 'Account' })
    expect(open.mock.calls.at(-1)).toEqual([{ view: 'Account' }])
    expect(open).toHaveBeenCalledTimes(3)
  })

  it('ignores what is not an open() entry: the queue is page data', () => {
    const open = vi.fn()
    const queue = {
      q: [['init', [{ projectId: 'x' }]], 'open', ['open', 'not a list'], null, ['open'], ['open', []]],
    }
    drainPageQueue(queue, open)
    expect(open.mock.calls).toEqual([[]])
  })
})

describe("the click queue's line as docs/embedding.md gives it", () => {
  it("is the demo page's, and docs/embedding.md gives its CSP hash right", () => {
    expect(line).toMatch(/^window\.appkit\|\|/)
    const page = readFileSync(new URL('apps/demo-site/public/queued.html', root), 'utf8')
    expect(page).toContain(`<script>${line}</script>`)
    const hash = createHash('sha256').update(line).digest('base64')
    expect(embedding).toContain(`script-src 'sha256-${hash}'`)
  })

  it('leaves a window.appkit there already alone', () => {
    const ours = { open() {} }
    expect(stub({ appkit: ours })).toBe(ours)
  })
})
