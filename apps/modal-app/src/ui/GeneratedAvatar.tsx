import { avatarColors } from './avatarColors.ts'

/**
 * The picture of a network, wallet or token that has no image (or whose image failed): a gradient
 * disc drawn from its id, never a letter, so it reads as an avatar rather than a placeholder.
 */
export function GeneratedAvatar({ seed, size = 28 }: { seed: string; size?: number }) {
  const { from, to, x, y } = avatarColors(seed)
  // One gradient per seed: two avatars of one seed draw the same definition.
  const id = `mk-avatar-${[...seed].reduce((h, c) => (h * 33 + c.charCodeAt(0)) >>> 0, 5381).toString(36)}`
  return (
    <svg
      className="mk-generated-avatar"
      width={size}
      height={size}
      viewBox="0 0 28 28"
      aria-hidden="true"
      data-testid="generated-avatar"
    >
      <defs>
        <radialGradient id={id} cx={`${x}%`} cy={`${y}%`} r="90%">
          <stop offset="0" stopColor={from} />
          <stop offset="1" stopColor={to} />
        </radialGradient>
      </defs>
      <circle cx="14" cy="14" r="14" fill={`url(#${id})`} />
    </svg>
  )
}
