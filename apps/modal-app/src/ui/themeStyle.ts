import { readableAccent } from '@modalkit/shared'
import type { CSSProperties } from 'react'

/**
 * AppKit's theme variables, under either of its prefixes (`--w3m-accent`, and the newer
 * `--apkt-accent`), by the name after the prefix; the modal's own custom property for each.
 */
const TARGETS: Record<string, string> = {
  accent: '--mk-accent',
  'color-mix': '--mk-color-mix',
  'color-mix-strength': '--mk-color-mix-strength',
  'font-family': '--mk-font-family',
  'font-size-master': '--mk-font-size-master',
  'border-radius-master': '--mk-radius-master',
}

/** `--w3m-accent` and `--apkt-accent` both as `accent`; `undefined` for another prefix. */
export function themeVariableName(name: string): string | undefined {
  return /^--(?:w3m|apkt)-([a-z0-9-]+)$/.exec(name)?.[1]
}

/** The modal's background in each theme, before any colour mix: what accent text is read against. */
const BACKGROUND = { light: '#ffffff', dark: '#18191b' } as const

/**
 * Theme variables as the modal's custom properties. The accent also gives `--mk-accent-text` (the
 * accent as text, moved until it reads at 4.5:1 on this theme's background) and
 * `--mk-on-accent` (the label colour on an accent fill).
 */
export function themeStyle(
  variables: Record<string, string | number>,
  mode: 'light' | 'dark',
): CSSProperties {
  const style: Record<string, string> = {}
  for (const [name, value] of Object.entries(variables)) {
    const key = themeVariableName(name)
    const target = key ? TARGETS[key] : undefined
    if (!key || !target) continue
    style[target] = key === 'color-mix-strength' ? `${value}%` : String(value)
  }
  const accent = style['--mk-accent']
  if (accent) {
    const readable = readableAccent(accent, BACKGROUND[mode])
    style['--mk-accent-text'] = readable.text
    style['--mk-on-accent'] = readable.onAccent
  }
  return style as CSSProperties
}
