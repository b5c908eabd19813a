/** Rounds a decimal string half up to `places` decimals, without floating point. */
export function roundDecimal(value: string, places: number): string {
  const match = /^(-)?(\d*)(?:\.(\d*))?$/.exec(value.trim())
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return Number.NaN.toString()
  const [, sign = '', whole = '0', fraction = ''] = match
  const digits = BigInt((whole || '0') + fraction.padEnd(places + 1, '0').slice(0, places + 1))
  const rounded = (digits + 5n) / 10n
  const text = rounded.toString().padStart(places + 1, '0')
  const int = text.slice(0, text.length - places) || '0'
  const dec = text.slice(text.length - places)
  const out = places > 0 ? `${int}.${dec}` : int
  return sign && rounded !== 0n ? `-${out}` : out
}

/** SPEC §9: balances to 3 decimals; '0.00' for testnets and unsupported chains. */
export function formatBalance(
  value: string,
  symbol: string,
  { testnet = false, supported = true } = {},
): string {
  if (testnet || !supported) return `0.00 ${symbol}`
  return `${roundDecimal(value, 3)} ${symbol}`
}

/** SPEC §9: token amounts to 2 decimals. */
export function formatTokenAmount(value: string): string {
  return roundDecimal(value, 2)
}

/** A bigint amount of base units as a decimal string (SPEC §9: big-decimal precision 20 places). */
export function formatUnits(value: bigint, decimals: number): string {
  const negative = value < 0n
  const text = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  const int = text.slice(0, text.length - decimals)
  const fraction = text.slice(text.length - decimals, text.length - decimals + 20).replace(/0+$/, '')
  return `${negative ? '-' : ''}${int}${fraction ? `.${fraction}` : ''}`
}

const UNITS: [number, string][] = [
  [365 * 24 * 3600, 'yr'],
  [30 * 24 * 3600, 'mo'],
  [24 * 3600, 'd'],
  [3600, 'hr'],
  [60, 'min'],
  [1, 'sec'],
]

/** SPEC §9 relative dates: sec, min, hr, d, mo, yr. */
export function formatRelativeDate(then: number, now: number): string {
  const seconds = Math.max(0, Math.floor((now - then) / 1000))
  for (const [size, unit] of UNITS) if (seconds >= size) return `${Math.floor(seconds / size)} ${unit}`
  return 'now'
}

/** SPEC §5: the e-mail login cooldown left, in whole seconds rounded up; 0 when passed. */
export function remainingCooldownSeconds(
  lastMs: number | undefined,
  nowMs: number,
  cooldownMs = 30_000,
): number {
  if (lastMs === undefined) return 0
  return Math.max(0, Math.ceil((lastMs + cooldownMs - nowMs) / 1000))
}
