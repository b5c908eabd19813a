import { useMemo } from 'react'
import { encode } from 'uqr'
import { useT } from '../../i18n/useT.ts'

/**
 * A QR code drawn from the encoder's module matrix as one SVG path: no HTML string is injected, so
 * nothing in a URI can become markup. Error correction M, as wallets scan it from a screen.
 */
export function QrCode({
  value,
  size = 280,
  label,
  testId = 'wc-qr-code',
}: {
  value: string
  size?: number
  /** What a screen reader says; by default, how to scan the code or copy the link instead. */
  label?: string
  testId?: string
}) {
  const t = useT()
  const { path, modules } = useMemo(() => {
    const { data, size: n } = encode(value, { ecc: 'M', border: 2 })
    let d = ''
    data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`
      })
    })
    return { path: d, modules: n }
  }, [value])
  return (
    <svg
      className="mk-qr-svg"
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
      role="img"
      aria-label={label ?? t('walletConnect.qrLabel')}
      data-testid={testId}
    >
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}
