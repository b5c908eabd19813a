import { roundDecimal } from './roundDecimal.ts'

/**
 * SPEC §9: a transaction's transfer quantity to 3 decimals, rounded half up without float error.
 *
 * @example
 * formatQuantity('0.0005') // '0.001'
 */
export function formatQuantity(value: string): string {
  return roundDecimal(value, 3)
}
