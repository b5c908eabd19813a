import { roundDecimal } from './roundDecimal.ts'

/**
 * SPEC §9: a token amount to 2 decimals, rounded half up without float error.
 *
 * @example
 * formatTokenAmount('12.345') // '12.35'
 */
export function formatTokenAmount(value: string): string {
  return roundDecimal(value, 2)
}
