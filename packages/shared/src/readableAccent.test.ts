import { expect, it } from 'vitest'
import { contrastRatio, MIN_TEXT_CONTRAST, readableAccent } from './readableAccent.ts'

it('measures contrast as WCAG does', () => {
  expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5)
  expect(contrastRatio('#fff', '#fff')).toBe(1)
  expect(contrastRatio('#e5484d', '#ffffff')).toBeCloseTo(3.91, 2)
  expect(contrastRatio('red', '#ffffff')).toBeUndefined()
})

it('keeps an accent that already reads well, and darkens a too-light one on a light background', () => {
  expect(readableAccent('#1d4ed8', '#ffffff').text).toBe('#1d4ed8')
  const gold = readableAccent('#ffd700', '#ffffff')
  expect(gold.text).not.toBe('#ffd700')
  expect(contrastRatio(gold.text, '#ffffff')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST)
  expect(gold.onAccent).toBe('#141414')
})

it('lightens a too-dark accent on a dark background, with a white label on the fill', () => {
  const navy = readableAccent('#1e3a8a', '#18191b')
  expect(contrastRatio(navy.text, '#18191b')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST)
  expect(navy.onAccent).toBe('#ffffff')
})

it('leaves a colour that is not hex to the browser', () => {
  expect(readableAccent('rebeccapurple', '#ffffff')).toEqual({ text: 'rebeccapurple', onAccent: '#ffffff' })
})
