/** WCAG 2.2 AA: normal text needs a contrast of at least 4.5:1 against what is behind it. */
export const MIN_TEXT_CONTRAST = 4.5

type Rgb = readonly [number, number, number]

/** `#rgb` or `#rrggbb` as 0–255 channels; `undefined` for any other notation (left as the site gave it). */
function parseHex(color: string): Rgb | undefined {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim())?.[1]
  if (!hex) return undefined
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as unknown as Rgb
}

const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`

/** Relative luminance (WCAG 2.2, "relative luminance"). */
function luminance([r, g, b]: Rgb): number {
  const [lr, lg, lb] = [r, g, b].map((c) => {
    const v = c / 255
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb
}

/** The contrast ratio of two `#rrggbb` colours (1 to 21); `undefined` if either is not hex. */
export function contrastRatio(a: string, b: string): number | undefined {
  const x = parseHex(a)
  const y = parseHex(b)
  if (!x || !y) return undefined
  const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

export type ReadableAccentReturnType = {
  /** The accent as a text colour on `background`: the site's, or moved toward black or white. */
  text: string
  /** Text on a button filled with the accent: white or near-black, whichever reads better. */
  onAccent: string
}

/**
 * A site's accent must stay readable in both themes. Used as text, it is darkened (on a
 * light background) or lightened (on a dark one) step by step until it reaches 4.5:1; used as a
 * fill, its label is white or near-black by contrast. A colour that is not hex is returned as is.
 *
 * @example readableAccent('#ffd700', '#ffffff') // { text: a darker gold (4.5:1), onAccent: '#141414' }
 */
export function readableAccent(accent: string, background: string): ReadableAccentReturnType {
  const rgb = parseHex(accent)
  const bg = parseHex(background)
  if (!rgb || !bg) return { text: accent, onAccent: '#ffffff' }
  const onAccent =
    (contrastRatio(accent, '#ffffff') ?? 0) >= (contrastRatio(accent, '#141414') ?? 0) ? '#ffffff' : '#141414'
  const target: Rgb = luminance(bg) > 0.18 ? [0, 0, 0] : [255, 255, 255]
  for (let step = 0; step <= 20; step++) {
    const mixed = rgb.map((c, i) => c + ((target[i] as number) - c) * (step / 20)) as unknown as Rgb
    const text = toHex(mixed)
    if ((contrastRatio(text, background) ?? 0) >= MIN_TEXT_CONTRAST) return { text, onAccent }
  }
  return { text: toHex(target), onAccent }
}
