import { formatRelativeDate } from '@modalkit/shared'
import { expect, it } from 'vitest'
import { ar } from '../../i18n/ar.ts'
import { type Catalogue, en } from '../../i18n/en.ts'
import { es } from '../../i18n/es.ts'
import { formatMessage, type Locale } from '../../i18n/locales.ts'
import type { Translate } from '../../i18n/useT.ts'
import { formatAgo } from './formatAgo.ts'

const translator =
  (catalogue: Catalogue, locale: Locale): Translate =>
  (key, params) =>
    formatMessage(catalogue[key], params, locale)
const now = Date.UTC(2026, 10, 23, 12)
const SECOND = 1_000
const DAY = 86_400 * SECOND

it('writes English exactly as formatRelativeDate does', () => {
  const t = translator(en, 'en')
  const spans = [
    0,
    999,
    5 * SECOND,
    59_999,
    60 * SECOND,
    7_200 * SECOND,
    4 * DAY,
    40 * DAY,
    364 * DAY,
    800 * DAY,
  ]
  for (const span of [...spans, -5 * DAY]) {
    expect(formatAgo(t, now - span, now)).toBe(formatRelativeDate(now - span, now))
  }
  expect(formatAgo(t, Number.NaN, now)).toBe('now')
})

it("uses each locale's plural forms", () => {
  const spanish = translator(es, 'es')
  expect(formatAgo(spanish, now - DAY, now)).toBe('hace 1 día')
  expect(formatAgo(spanish, now - 4 * DAY, now)).toBe('hace 4 días')
  const arabic = translator(ar, 'ar')
  expect(formatAgo(arabic, now - 2 * 60 * SECOND, now)).toBe('منذ دقيقتين')
  expect(formatAgo(arabic, now, now)).toBe('الآن')
})
