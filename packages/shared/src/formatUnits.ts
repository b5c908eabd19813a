/** SPEC §9: big-decimal precision, 20 places. */
const MAX_PLACES = 20
/** ERC-20 `decimals` is a uint8. The bound also keeps `10n ** decimals` small. */
const MAX_DECIMALS = 255

/**
 * A bigint amount of base units as a decimal string: `decimals` places, rounded half up (on the
 * magnitude) to at most 20 of them, trailing zeros dropped. Throws a `RangeError` when `decimals`
 * is not an integer from 0 to 255.
 *
 * @example
 * formatUnits(1_500_000_000_000_000_000n, 18) // '1.5'
 * formatUnits(1n, 18) // '0.000000000000000001'
 */
export function formatUnits(value: bigint, decimals: number): string {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_DECIMALS) {
    throw new RangeError(`Invalid decimals: ${decimals}`)
  }
  const places = Math.min(decimals, MAX_PLACES)
  const magnitude = value < 0n ? -value : value
  const divisor = 10n ** BigInt(decimals - places)
  let units = magnitude / divisor
  if ((magnitude % divisor) * 2n >= divisor && divisor > 1n) units += 1n
  const digits = units.toString().padStart(places + 1, '0')
  const integer = digits.slice(0, digits.length - places)
  const fraction = digits.slice(digits.length - places).replace(/0+$/, '')
  const text = fraction ? `${integer}.${fraction}` : integer
  return value < 0n && units !== 0n ? `-${text}` : text
}
