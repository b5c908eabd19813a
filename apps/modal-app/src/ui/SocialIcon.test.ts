import * as simpleIcons from 'simple-icons'
import { describe, expect, it } from 'vitest'
import { isDark, MARKS } from './SocialIcon.tsx'

const PACKAGE = {
  google: simpleIcons.siGoogle,
  github: simpleIcons.siGithub,
  apple: simpleIcons.siApple,
  facebook: simpleIcons.siFacebook,
  x: simpleIcons.siX,
  discord: simpleIcons.siDiscord,
  farcaster: simpleIcons.siFarcaster,
}

describe('social marks', () => {
  it.each(Object.entries(PACKAGE))("%s: simple-icons' own file and brand colour", (provider, icon) => {
    const mark = MARKS[provider as keyof typeof MARKS]
    expect(mark.hex).toBe(icon.hex)
    expect(mark.url).toMatch(new RegExp(`/${icon.slug}(-[\\w-]+)?\\.svg(\\?no-inline)?$`))
  })

  it('follows the text colour only for marks too dark for the dark theme', () => {
    const dark = Object.entries(MARKS)
      .filter(([, m]) => isDark(m.hex))
      .map(([p]) => p)
    expect(dark.sort()).toEqual(['apple', 'github', 'x'])
  })
})
