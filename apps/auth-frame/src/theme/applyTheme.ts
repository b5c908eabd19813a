import type { FrameTheme } from '@modalkit/protocol'
import { contrastRatio, MIN_TEXT_CONTRAST, readableAccent } from '@modalkit/shared'

/** AppKit's variables this frame draws with, by the name after `--w3m-` or `--apkt-`. */
const TARGETS: Record<string, string> = {
  accent: '--accent',
  'color-mix': '--color-mix',
  'color-mix-strength': '--color-mix-strength',
  'font-family': '--font-family',
  'border-radius-master': '--radius-master',
}

/**
 * A value this frame accepts for a custom property: colours, lengths, percentages, font names.
 * Nothing that loads (`url(`, `image-set(`) or could end the declaration: the site's words must not
 * fetch anything from the secure origin's page nor restyle more than the one property.
 */
const SAFE_VALUE = /^[-\w\s#(),.%"']{1,120}$/

/**
 * Words a value may not hold: what loads something (`url(`, `image-set(`), and references to the
 * frame's own properties (`var(--text)` as the mix colour would paint the background in the text's
 * colour and hide what is signed).
 */
const UNSAFE = /url|image|expression|var\(|env\(|attr\(/i

/**
 * The site's colour mix tints this frame's background by at most 10 %: enough for a brand's tint,
 * never enough to take the text below 4.5:1 (whatever the mix colour, in either theme). A screen
 * whose text a site could fade into its background would let it hide what is being approved.
 */
const MAX_MIX_PERCENT = 10

function mixStrength(raw: string | number): string | undefined {
  const percent = typeof raw === 'number' ? raw : Number(/^\s*([\d.]+)\s*%?\s*$/.exec(raw)?.[1])
  if (!Number.isFinite(percent) || percent < 0) return undefined
  return `${Math.min(percent, MAX_MIX_PERCENT)}%`
}

/** The frame's background per theme, before the colour mix: what accent text is read against. */
const BACKGROUND = { light: '#ffffff', dark: '#18181b' } as const

/**
 * The approval's buttons take the site's accent only as an opaque `#rgb` or `#rrggbb` whose label
 * reads at 4.5:1 on it: any other notation (`transparent`, `rgba(…, 0)`, a system colour, `color-mix`)
 * cannot be checked here, and a button the colour of the screen would let a site hide which button
 * approves. Otherwise they keep the frame's own colours (styles.css).
 */
const OPAQUE_HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i

/** The theme last applied to this document: the approval popup is opened with it. */
let current: FrameTheme | undefined

export function currentTheme(): FrameTheme | undefined {
  return current
}

/**
 * SPEC §7 "sync theme": the site's theme mode and AppKit theme variables, as the modal passes them,
 * on this frame's root, so its screens look like the modal around them. Unknown names and
 * unsafe values are dropped; a variable the site removed is removed here too.
 */
export function applyTheme(theme: FrameTheme, element?: HTMLElement): void {
  const { themeMode, themeVariables = {} } = theme
  // This document's own theme (not an element a test passes) is what its popup is opened with.
  if (!element) current = theme
  const root = element ?? document.documentElement
  root.dataset.theme = themeMode
  for (const target of Object.values(TARGETS)) root.style.removeProperty(target)
  for (const derived of ['--accent-text', '--on-accent', '--approval-accent', '--approval-on-accent'])
    root.style.removeProperty(derived)
  for (const [name, raw] of Object.entries(themeVariables)) {
    const key = /^--(?:w3m|apkt)-([a-z0-9-]+)$/.exec(name)?.[1]
    const target = key ? TARGETS[key] : undefined
    const value = key === 'color-mix-strength' ? mixStrength(raw) : String(raw)
    if (!target || value === undefined || !SAFE_VALUE.test(value) || UNSAFE.test(value)) continue
    root.style.setProperty(target, value)
  }
  const accent = root.style.getPropertyValue('--accent').trim()
  if (accent) {
    const readable = readableAccent(accent, BACKGROUND[themeMode])
    root.style.setProperty('--accent-text', readable.text)
    root.style.setProperty('--on-accent', readable.onAccent)
    if (OPAQUE_HEX.test(accent) && (contrastRatio(readable.onAccent, accent) ?? 0) >= MIN_TEXT_CONTRAST) {
      root.style.setProperty('--approval-accent', accent)
      root.style.setProperty('--approval-on-accent', readable.onAccent)
    }
  }
}
