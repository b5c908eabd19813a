import { beforeEach, describe, expect, it, vi } from 'vitest'
import { enFirst } from './enFirst.ts'
import { later } from './laterEn.ts'

// Fresh modules for each test: English's later messages, once loaded, stay for the page's life.
const fresh = async () => ({
  ...(await import('./englishLater.ts')),
  ...(await import('../chunks/loadLater.ts')),
  ...(await import('../views/lazyView.tsx')),
})

describe("English's later messages (account, money, connecting and sign-in)", () => {
  beforeEach(() => {
    vi.resetModules()
  })

  it('are not in the first chunk: a later key reads empty until they came, a first one is there', async () => {
    const { message } = await fresh()
    expect(message(enFirst, 'account.send')).toBe('')
    expect(message(enFirst, 'header.back')).toBe('Back')
  })

  it('come with any lazy view, before it can render', async () => {
    const { message, lazyView } = await fresh()
    const view = lazyView(async () => () => null)
    await view.load()
    expect(view.loaded()).toBeDefined()
    expect(message(enFirst, 'account.send')).toBe(later['account.send'])
  })

  it('do not hold back the other lazy chunks, which show none of them', async () => {
    const { message, loadOnce } = await fresh()
    expect(await loadOnce(async () => 'chunk').get()).toBe('chunk')
    expect(message(enFirst, 'account.send')).toBe('')
  })

  it('never stand in for a whole catalogue (another locale)', async () => {
    const { message, loadEnglishLater } = await fresh()
    await loadEnglishLater()
    expect(message({ 'account.send': 'Enviar' }, 'account.send')).toBe('Enviar')
  })
})
