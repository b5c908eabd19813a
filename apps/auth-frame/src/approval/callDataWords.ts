/** Hex digits in a function selector (4 bytes) and in one ABI word (32 bytes). */
const SELECTOR_DIGITS = 8
const WORD_DIGITS = 64

/**
 * A call's data as the approval shows it behind its disclosure, one line each: the 4-byte selector
 * (with its `0x`), then every 32-byte word in order, the last one as short as the data leaves it.
 * Nothing is dropped or shortened: the lines joined are the data exactly as the request gave it,
 * so an address hidden in a word stands on a line of its own, aligned where the ABI put it.
 */
export function callDataWords(data: string): string[] {
  const prefix = data.slice(0, 2).toLowerCase() === '0x' ? data.slice(0, 2) : ''
  const digits = data.slice(prefix.length)
  const lines = [prefix + digits.slice(0, SELECTOR_DIGITS)]
  for (let at = SELECTOR_DIGITS; at < digits.length; at += WORD_DIGITS) {
    lines.push(digits.slice(at, at + WORD_DIGITS))
  }
  return lines
}
