import { contrastRatio } from '@modalkit/shared'
import { expect, it } from 'vitest'
import { applyTheme } from './applyTheme.ts'

/**
 * The frame's root as applyTheme touches it (its dataset and custom properties). Unit tests run in
 * Node without a DOM; the e2e theme test applies the same code to the real frame.
 */
function fakeRoot() {
  const props = new Map<string, string>()
  const root = {
    dataset: {} as Record<string, string>,
    style: {
      setProperty: (name: string, value: string) => props.set(name, value),
      removeProperty: (name: string) => props.delete(name),
      getPropertyValue: (name: string) => props.get(name) ?? '',
    },
  }
  return { root: root as unknown as HTMLElement, props, dataset: root.dataset }
}

it("takes the theme mode and AppKit's variables under both prefixes", () => {
  const { root, props, dataset } = fakeRoot()
  applyTheme(
    {
      themeMode: 'dark',
      themeVariables: {
        '--w3m-font-family': 'Georgia, serif',
        '--apkt-border-radius-master': '2px',
        '--w3m-color-mix': '#00ff00',
        '--w3m-color-mix-strength': 8,
        '--w3m-z-index': 99,
      },
    },
    root,
  )
  expect(dataset.theme).toBe('dark')
  expect(Object.fromEntries(props)).toEqual({
    '--font-family': 'Georgia, serif',
    '--radius-master': '2px',
    '--color-mix': '#00ff00',
    '--color-mix-strength': '8%',
  })
})

it("cannot fade the screen's text into its background: no reference to the frame's own colours, a tint of 10 % at most", () => {
  const { root, props } = fakeRoot()
  applyTheme(
    {
      themeMode: 'light',
      themeVariables: { '--w3m-color-mix': 'var(--text)', '--w3m-color-mix-strength': 100 },
    },
    root,
  )
  expect(Object.fromEntries(props)).toEqual({ '--color-mix-strength': '10%' })
  applyTheme(
    {
      themeMode: 'dark',
      themeVariables: { '--apkt-color-mix': '#f4f4f5', '--apkt-color-mix-strength': '95%' },
    },
    root,
  )
  expect(Object.fromEntries(props)).toEqual({ '--color-mix': '#f4f4f5', '--color-mix-strength': '10%' })
  applyTheme({ themeMode: 'dark', themeVariables: { '--w3m-color-mix-strength': 'calc(100%)' } }, root)
  expect(props.size).toBe(0)
})

it('drops values that could load something or end the declaration', () => {
  const { root, props } = fakeRoot()
  applyTheme(
    {
      themeMode: 'light',
      themeVariables: {
        '--w3m-font-family': 'x; background: red',
        '--w3m-color-mix': 'url(https://evil.test/track)',
        '--apkt-accent': 'image-set("a.png" 1x)',
      },
    },
    root,
  )
  expect(props.size).toBe(0)
})

it('reads a too-light accent as text at 4.5:1, and removes what the site no longer sets', () => {
  const { root, props } = fakeRoot()
  applyTheme({ themeMode: 'light', themeVariables: { '--apkt-accent': '#ffd700' } }, root)
  expect(props.get('--accent')).toBe('#ffd700')
  expect(contrastRatio(props.get('--accent-text')!, '#ffffff')).toBeGreaterThanOrEqual(4.5)
  expect(props.get('--on-accent')).toBe('#141414')
  applyTheme({ themeMode: 'light' }, root)
  expect(props.size).toBe(0)
})

it("gives the approval's buttons the accent only as an opaque hex colour whose label reads at 4.5:1", () => {
  const approvalAccent = (accent: string) => {
    const { root, props } = fakeRoot()
    applyTheme({ themeMode: 'light', themeVariables: { '--w3m-accent': accent } }, root)
    return [props.get('--approval-accent'), props.get('--approval-on-accent')]
  }
  expect(approvalAccent('#3b6cf6')).toEqual(['#3b6cf6', '#ffffff'])
  expect(approvalAccent(' #FD0 ')).toEqual(['#FD0', '#141414'])
  // Neither white nor near-black reads at 4.5:1 on this grey.
  expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5)
  expect(contrastRatio('#777777', '#141414')).toBeLessThan(4.5)
  for (const refused of [
    '#777777',
    'transparent',
    'rgba(0,0,0,0)',
    '#3b6cf600',
    '#3b6cf680',
    'rgb(59, 108, 246)',
    'Canvas',
  ])
    expect(approvalAccent(refused)).toEqual([undefined, undefined])
})
