// @vitest-environment jsdom
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { en } from './en.ts'
import { createFrameLanguage } from './frameLanguage.ts'
import { showPageTitle } from './messages.ts'

describe("the secure origin's page titles", () => {
  it("the frame's title follows its language: the browser's, then the modal's (SYNC_LOCALE)", async () => {
    document.title = 'Secure wallet frame'
    const language = createFrameLanguage(['es-ES'], (messages) => showPageTitle(messages, 'page.frameTitle'))
    await vi.waitFor(() => expect(document.title).toBe('Marco seguro de la billetera'))
    expect(document.documentElement.lang).toBe('es')
    await language.set('ar')
    expect([document.title, document.documentElement.lang]).toEqual(['إطار المحفظة الآمن', 'ar'])
    await language.set('en')
    expect([document.title, document.documentElement.lang]).toEqual(['Secure wallet frame', 'en'])
  })

  it('when two changes race, the title is the later one’s', async () => {
    const told: string[] = []
    const language = createFrameLanguage([], (messages) => {
      told.push(messages.locale)
      showPageTitle(messages, 'page.frameTitle')
    })
    await Promise.all([language.set('zh'), language.set('ja')])
    expect(told).toEqual(['ja'])
    expect(document.title).toBe('セキュアなウォレットフレーム')
  })

  it("index.html stands in English until then with the catalogue's words (a frame, never shown as a tab)", () => {
    const html = readFileSync(resolve(import.meta.dirname, '../..', 'index.html'), 'utf8')
    expect(/<title>(.*)<\/title>/.exec(html)?.[1]).toBe(en['page.frameTitle'])
  })

  it.each(['approve.html', 'recovery.html', 'oauth-callback.html'])(
    '%s, a window of its own, has no English title nor text to flash before its script names it',
    (page) => {
      const html = readFileSync(resolve(import.meta.dirname, '../..', page), 'utf8')
      expect(/<title>(.*)<\/title>/.exec(html)?.[1]).toBe('')
      expect(/<body>\s*<\/body>/.test(html)).toBe(true)
    },
  )
})
