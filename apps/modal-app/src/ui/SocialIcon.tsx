import type { LoginSocial } from '@modalkit/protocol'
import {
  type SimpleIcon,
  siApple,
  siDiscord,
  siFacebook,
  siFarcaster,
  siGithub,
  siGoogle,
  siX,
} from 'simple-icons'

const MARKS: Record<LoginSocial, SimpleIcon> = {
  google: siGoogle,
  github: siGithub,
  apple: siApple,
  facebook: siFacebook,
  x: siX,
  discord: siDiscord,
  farcaster: siFarcaster,
}

/** A brand colour too dark for the dark theme (Apple's, GitHub's, X's black) follows the text colour. */
const isDark = (hex: string) => {
  const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16))
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b! < 60
}

/** A social provider's brand mark (simple-icons, CC0), in its brand colour. */
export function SocialIcon({ provider, size = 22 }: { provider: LoginSocial; size?: number }) {
  const mark = MARKS[provider]
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      className="mk-social-icon"
      data-testid={`social-icon-${provider}`}
    >
      <path d={mark.path} fill={isDark(mark.hex) ? 'currentColor' : `#${mark.hex}`} />
    </svg>
  )
}
