import type { Messages } from '../i18n/messages.ts'
import { callDataWords } from './callDataWords.ts'
import { toVisibleText } from './toVisibleText.ts'

/**
 * The bytes behind an undecoded line: a native disclosure (keyboard operable, announced as
 * expanded or collapsed), closed at first, "Show data" / "Hide data". Open, it shows the data whole,
 * one line for the selector and one per 32-byte word, as text with every invisible character made a
 * visible marker. Opening it arms nothing; closed, its summary is the line's last row.
 */
export function dataDisclosure(data: string, messages: Messages): HTMLDetailsElement {
  const details = document.createElement('details')
  details.className = 'approval-data'
  details.setAttribute('data-testid', 'approval-data')
  const summary = document.createElement('summary')
  const name = () => messages.text(details.open ? 'call.hideData' : 'call.showData')
  summary.textContent = name()
  details.addEventListener('toggle', () => {
    summary.textContent = name()
  })
  const words = document.createElement('div')
  words.className = 'approval-data-words'
  words.setAttribute('role', 'group')
  words.setAttribute('aria-label', messages.text('field.callData'))
  words.setAttribute('data-testid', 'approval-data-words')
  for (const line of callDataWords(data)) {
    const word = document.createElement('div')
    word.textContent = toVisibleText(line)
    words.append(word)
  }
  details.append(summary, words)
  return details
}
