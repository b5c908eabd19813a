import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { expect, it } from 'vitest'
import { findUntranslatedStrings } from './findUntranslatedStrings.ts'

const repo = resolve(import.meta.dirname, '..')

it("finds no words in the modal's views and components that bypass the message catalogue", () => {
  const found = findUntranslatedStrings(join(repo, 'apps/modal-app/src')).map(
    ({ file, line, text }) => `${relative(repo, file)}:${line} ${text}`,
  )
  expect(found).toEqual([])
})

it('finds text, visible attributes and chosen strings, but not catalogue calls, code attributes or names', () => {
  const dir = mkdtempSync(join(tmpdir(), 'untranslated-'))
  writeFileSync(
    join(dir, 'View.tsx'),
    `export const View = ({ ok, t }: { ok: boolean; t: (k: string) => string }) => (
  <div className="mk-row" data-testid="row" aria-label="Close the modal">
    Hello there
    <span title={ok ? 'Ready' : 'Waiting'}>{t('header.close')}</span>
    <p>{ok ? 'Saved' : t('header.back')}</p>
    <i aria-label={t('header.back')}>WalletConnect</i>
    <b>{\`Sent \${ok}\`}</b>
    <u>{ok === 'yes' as unknown ? 1 : 2} · 0x12</u>
  </div>
)
`,
  )
  expect(findUntranslatedStrings(dir).map(({ line, text }) => `${line} ${text}`)).toEqual([
    '2 Close the modal',
    '3 Hello there',
    '4 Ready',
    '4 Waiting',
    '5 Saved',
    '7 Sent',
  ])
})
