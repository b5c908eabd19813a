const PLUS: ReadonlySet<string> = new Set(['receive', 'deposit', 'borrow', 'claim'])
const MINUS: ReadonlySet<string> = new Set(['withdraw', 'repay', 'burn'])

/**
 * SPEC §9: the sign before a transaction's amount, by its `metadata.operationType`: '+' for
 * receive, deposit, borrow, claim; '-' for withdraw, repay, burn; '' for any other (send, mint,
 * approve, execute, trade…).
 *
 * @example
 * txDescriptionSign('receive') // '+'
 */
export function txDescriptionSign(operationType: string): '+' | '-' | '' {
  if (PLUS.has(operationType)) return '+'
  if (MINUS.has(operationType)) return '-'
  return ''
}
