/** Inline icons: the modal loads no external images. */
type IconProps = { size?: number }

export function BackIcon({ size = 16 }: IconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 16 16" aria-hidden="true">
      <path
        d="M10 3 5 8l5 5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}

export function CloseIcon({ size = 16 }: IconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 16 16" aria-hidden="true">
      <path
        d="m4 4 8 8M12 4l-8 8"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
      />
    </svg>
  )
}

export function WalletConnectIcon({ size = 28 }: IconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 28 28" aria-hidden="true">
      <rect width="28" height="28" rx="8" fill="#3396ff" />
      <path
        d="M8.6 11.2c3-2.9 7.8-2.9 10.8 0l.4.4a.4.4 0 0 1 0 .5l-1.2 1.2a.2.2 0 0 1-.3 0l-.5-.5a5.4 5.4 0 0 0-7.6 0l-.5.5a.2.2 0 0 1-.3 0l-1.2-1.2a.4.4 0 0 1 0-.5zm13.3 2.5 1.1 1a.4.4 0 0 1 0 .6l-4.9 4.8a.4.4 0 0 1-.6 0L14 16.7a.1.1 0 0 0-.2 0l-3.5 3.4a.4.4 0 0 1-.6 0L5 15.3a.4.4 0 0 1 0-.5l1.1-1.1a.4.4 0 0 1 .6 0l3.5 3.4c.1.1.2.1.2 0l3.5-3.4a.4.4 0 0 1 .6 0l3.5 3.4c.1.1.2.1.2 0l3.5-3.4a.4.4 0 0 1 .6 0z"
        fill="#fff"
      />
    </svg>
  )
}

export function GridIcon({ size = 28 }: IconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 28 28" aria-hidden="true">
      <rect width="28" height="28" rx="8" fill="var(--mk-surface-2)" />
      {[8, 15].flatMap((x) =>
        [8, 15].map((y) => (
          <rect key={`${x}-${y}`} x={x} y={y} width="5" height="5" rx="1.5" fill="var(--mk-accent)" />
        )),
      )}
    </svg>
  )
}

export function MailIcon({ size = 18 }: IconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 18 18" aria-hidden="true">
      <rect x="2" y="4" width="14" height="10" rx="2" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="m3 5 6 5 6-5" fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  )
}
