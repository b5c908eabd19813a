import { describe, expect, it } from 'vitest'
import { ar } from './ar.ts'
import { createFrameLanguage } from './frameLanguage.ts'
import { createMessages, ENGLISH, joinRuns, loadMessages } from './messages.ts'
import { listOf, numbered, phrase } from './phrase.ts'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('Messages.runs', () => {
  it("keeps every value apart from the catalogue's words, nested phrases included", () => {
    const amount = phrase('allowance.unlimitedOfToken', { token: ADDRESS })
    expect(ENGLISH.runs(phrase('allowance.allowSpend', { spender: ADDRESS, amount }))).toEqual([
      { text: 'Allow ' },
      { text: ADDRESS, value: true },
      { text: ' to spend ' },
      { text: 'Unlimited of token ' },
      { text: ADDRESS, value: true },
      { text: ' until revoked' },
    ])
    expect(ENGLISH.runs(ADDRESS)).toEqual([{ text: ADDRESS, value: true }])
    expect(ENGLISH.runs('')).toEqual([])
  })

  it('never reads a value as a template, nor lets it into the words', () => {
    const site = 'https://evil.test {site} {count, plural, other {#}}'
    const runs = ENGLISH.runs(phrase('operation.feeSponsored', { site }))
    expect(runs).toEqual([{ text: 'Paid by ' }, { text: site, value: true }, { text: ' (sponsored)' }])
  })

  it('numbers labels and lists items in the locale’s way', () => {
    expect(joinRuns(ENGLISH.runs(numbered(phrase('field.to'), 2)))).toBe('#2 To')
    expect(joinRuns(ENGLISH.runs(numbered(phrase('field.to'), undefined)))).toBe('To')
    const programs = listOf(['A', phrase('value.lookupAccount', { index: '0' }), 'C'])
    expect(joinRuns(ENGLISH.runs(programs))).toBe('A, lookup table account #0, C')
    const arabic = createMessages('ar', ar)
    expect(joinRuns(arabic.runs(listOf(['A', 'B'])))).toBe('A، B')
    expect(ENGLISH.runs(listOf([]))).toEqual([])
  })

  it('says its direction: right to left for Arabic only', async () => {
    expect([ENGLISH.dir, (await loadMessages('ar')).dir, (await loadMessages('ja')).dir]).toEqual([
      'ltr',
      'rtl',
      'ltr',
    ])
    expect((await loadMessages('es')).text('approval.approve')).toBe('Aprobar')
  })
})

describe('createFrameLanguage', () => {
  it("speaks the browser's language until the modal says which, then the modal's", async () => {
    const language = createFrameLanguage(['fr-FR', 'ja-JP'])
    expect(language.current().locale).toBe('en') // the Japanese chunk is on its way
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(language.current().locale).toBe('ja')
    await language.set('ar')
    expect(language.current().locale).toBe('ar')
    expect(createFrameLanguage([]).current()).toBe(ENGLISH)
  })

  it('when two changes race, the later one wins', async () => {
    const language = createFrameLanguage([])
    const first = language.set('zh')
    const second = language.set('en')
    await Promise.all([first, second])
    expect(language.current().locale).toBe('en')
  })

  it('hands out fixed messages: a change later leaves the ones taken before as they were', async () => {
    const language = createFrameLanguage([])
    await language.set('es')
    const taken = language.current()
    await language.set('ar')
    expect([taken.locale, taken.text('approval.reject')]).toEqual(['es', 'Rechazar'])
  })
})
