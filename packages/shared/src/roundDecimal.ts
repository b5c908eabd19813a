/** A plain decimal: optional sign, digits, optional fraction. No exponent, no spaces, no separators. */
const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/

/**
 * Rounds a decimal string to exactly `places` decimals, half up on the magnitude (as
 * `Intl.NumberFormat`'s default 'halfExpand': 0.0005 → 0.001, -0.0005 → -0.001), with bigint
 * arithmetic so that no float error creeps in (`(1.005).toFixed(2)` is '1.00'; this gives '1.01').
 * A result of zero has no sign.
 *
 * Throws a `RangeError` for anything but a plain decimal ('', '.', '1e5', '1,000', ' 1'): amounts
 * reach here after schema parsing, so a bad one is a bug to surface, not a balance to show as 0.
 *
 * @example
 * roundDecimal('1.2345', 3) // '1.235'
 * roundDecimal('7', 2) // '7.00'
 */
export function roundDecimal(value: string, places: number): string {
  if (!Number.isSafeInteger(places) || places < 0) throw new RangeError(`Invalid decimal places: ${places}`)
  const match = DECIMAL.exec(value)
  const [, sign = '', whole = '', fraction = ''] = match ?? []
  if (!match || (whole === '' && fraction === '')) {
    throw new RangeError(`Not a decimal number: ${JSON.stringify(value)}`)
  }
  // One digit past `places` decides the rounding; the digits after it cannot change a half-up result.
  const scaled = BigInt(`${whole}${fraction.padEnd(places + 1, '0').slice(0, places + 1)}` || '0')
  const rounded = (scaled + 5n) / 10n
  const digits = rounded.toString().padStart(places + 1, '0')
  const integer = digits.slice(0, digits.length - places)
  const text = places === 0 ? integer : `${integer}.${digits.slice(digits.length - places)}`
  return sign === '-' && rounded !== 0n ? `-${text}` : text
}
