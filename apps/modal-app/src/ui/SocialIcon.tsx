import type { LoginSocial } from '@modalkit/protocol'
import type { CSSProperties } from 'react'
import apple from 'simple-icons/icons/apple.svg?no-inline'
import discord from 'simple-icons/icons/discord.svg?no-inline'
import facebook from 'simple-icons/icons/facebook.svg?no-inline'
import farcaster from 'simple-icons/icons/farcaster.svg?no-inline'
import github from 'simple-icons/icons/github.svg?no-inline'
import google from 'simple-icons/icons/google.svg?no-inline'
import x from 'simple-icons/icons/x.svg?no-inline'

/**
 * Each provider's mark (simple-icons, CC0) as its own SVG file beside the bundle, never inlined: a
 * path is data, not code, so it costs no script bytes before the first click, and a page
 * fetches only the marks of the logins its project offers. `hex` is simple-icons' brand colour
 * (SocialIcon.test.ts holds it to the package's).
 */
export const MARKS: Record<LoginSocial, { url: string; hex: string }> = {
  google: { url: google, hex: '4285F4' },
  github: { url: github, hex: '181717' },
  apple: { url: apple, hex: '000000' },
  facebook: { url: facebook, hex: '0866FF' },
  x: { url: x, hex: '000000' },
  discord: { url: discord, hex: '5865F2' },
  farcaster: { url: farcaster, hex: '855DCD' },
}

/** A brand colour too dark for the dark theme (Apple's, GitHub's, X's black) follows the text colour. */
export const isDark = (hex: string) => {
  const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16))
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b! < 60
}

/**
 * A social provider's brand mark in its brand colour: the SVG is the mask of a box painted in that
 * colour (or the text colour), so a dark mark still shows on the dark theme.
 */
export function SocialIcon({ provider, size = 22 }: { provider: LoginSocial; size?: number }) {
  const { url, hex } = MARKS[provider]
  const style = {
    width: size,
    height: size,
    color: isDark(hex) ? undefined : `#${hex}`,
    '--mk-mark': `url("${url}")`,
  } as CSSProperties
  return (
    <span
      aria-hidden="true"
      className="mk-social-icon"
      style={style}
      data-testid={`social-icon-${provider}`}
    />
  )
}
