import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { findUntranslatedStrings } from './findUntranslatedStrings.ts'

describe("the secure frame's words come from its catalogue", () => {
  it('finds no string literal reaching the screen outside the catalogue', () => {
    const found = findUntranslatedStrings(resolve(import.meta.dirname, '..'))
    expect(found.map((f) => `${f.file}:${f.line} ${f.text}`)).toEqual([])
  })

  it('finds text given to the DOM, visible attributes, labels, values and titles, and shown returns', () => {
    const dir = mkdtempSync(join(tmpdir(), 'frame-strings-'))
    // The frame's own code as it was before its catalogue, one kind of sink per line.
    const bad =
      String.raw`panel.append(el('h1', 'approval-title', title), el('p', 'approval-site', \`Requested by \${site}\`))
const reject = button('secondary', 'Reject', 'approval-reject')
note.textContent = 'The window closed without a decision.'
input.setAttribute('aria-label', 'Recovery text')
typed.placeholder = 'Type or paste your recovery text'
fields.push({ label: 'To', value: tx.to ?? '(new contract)' })
const d = { title: \`Sign \${n} transactions\`, fields }
const key = (at: number): Shown => keys[at] ?? \`lookup table account #\${at}\`
status.textContent = armed ? \`\${label} is available.\` : 'Wait here'
document.body.append('Loading')`
        .replaceAll('\\`', '`')
        .replaceAll('\\$', '$')
    writeFileSync(join(dir, 'bad.ts'), bad)
    writeFileSync(
      join(dir, 'good.ts'),
      [
        "const reject = button('secondary', messages.text('approval.reject'), 'approval-reject')",
        "fields.push({ label: phrase('field.to'), value: tx.to ?? phrase('value.newContract') })",
        "throw new ServerError('sendTransaction: unexpected reply')",
        "parseWith(schema, params, 'personal_sign params')",
        "if (method === 'solana_signTransaction') run()",
        "const field = { label: phrase('spl.transfer', { program: 'SPL Token' }), value: '12 gwei' }",
        "panel.setAttribute('role', 'dialog')",
        "input.setAttribute('data-testid', 'recovery-input')",
        "console.error('[appkit-frame] dropped a malformed message')",
        "const kind: 'observer' | 'page' = 'page'",
      ].join('\n'),
    )
    const found = findUntranslatedStrings(dir)
    expect(found.every((f) => f.file.endsWith('bad.ts'))).toBe(true)
    expect(found.map((f) => [f.line, f.text])).toEqual([
      [1, 'Requested by'],
      [2, 'Reject'],
      [3, 'The window closed without a decision.'],
      [4, 'Recovery text'],
      [5, 'Type or paste your recovery text'],
      [6, 'To'],
      [6, '(new contract)'],
      [7, 'Sign   transactions'],
      [8, 'lookup table account #'],
      [9, 'is available.'],
      [9, 'Wait here'],
      [10, 'Loading'],
    ])
  })
})
