/**
 * A decimal amount the user typed, in a token's smallest unit: `'1.5'` with 6 decimals is 1500000n.
 * Undefined for text that is not a positive amount or has more fraction digits than the token.
 */
export function toBaseUnits(amount: string, decimals: number): bigint | undefined {
  const match = /^([0-9]*)(?:\.([0-9]*))?$/.exec(amount.trim())
  if (!match || amount.trim() === '' || amount.trim() === '.') return undefined
  const whole = match[1] ?? ''
  const fraction = match[2] ?? ''
  if (fraction.length > decimals) return undefined
  const units = BigInt(`${whole || '0'}${fraction.padEnd(decimals, '0')}`)
  return units > 0n ? units : undefined
}
