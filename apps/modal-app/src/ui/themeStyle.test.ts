import { contrastRatio } from '@modalkit/shared'
import { expect, it } from 'vitest'
import { themeStyle } from './themeStyle.ts'

it("applies AppKit's variables under both prefixes, and ignores others", () => {
  expect(
    themeStyle(
      {
        '--w3m-font-family': 'Georgia',
        '--apkt-border-radius-master': '2px',
        '--apkt-color-mix-strength': 30,
        '--w3m-unknown': 'x',
        '--other-accent': '#000000',
      },
      'light',
    ),
  ).toEqual({ '--mk-font-family': 'Georgia', '--mk-radius-master': '2px', '--mk-color-mix-strength': '30%' })
})

it('adjusts a too-light accent for text, per theme, and picks a readable label on its fill', () => {
  const light = themeStyle({ '--apkt-accent': '#ffd700' }, 'light') as Record<string, string>
  expect(light['--mk-accent']).toBe('#ffd700')
  expect(contrastRatio(light['--mk-accent-text']!, '#ffffff')).toBeGreaterThanOrEqual(4.5)
  expect(light['--mk-on-accent']).toBe('#141414')
  const dark = themeStyle({ '--w3m-accent': '#1e3a8a' }, 'dark') as Record<string, string>
  expect(contrastRatio(dark['--mk-accent-text']!, '#18191b')).toBeGreaterThanOrEqual(4.5)
  expect(dark['--mk-on-accent']).toBe('#ffffff')
})
