import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const repo = resolve(import.meta.dirname, '..')
/** A reference to a tracker's issue: a clone cannot follow it, so a comment states the rule instead. */
const ISSUE_NUMBER = /\bissues? \d+/i
/** What is scanned: the repository's source and docs, not what is installed, built or recorded. */
const SCANNED = [
  'apps',
  'packages',
  'scripts',
  'bench',
  'e2e',
  'docs',
  'README.md',
  'playwright.config.ts',
  'playwright.production.config.ts',
  'vitest.config.ts',
]
const EXTENSIONS = /\.(ts|tsx|mjs|md|css|html)$/
const SKIPPED_DIRS = /^(node_modules|dist)$|snapshots$/

function scannedFiles(path: string): string[] {
  if (!statSync(path).isDirectory()) return EXTENSIONS.test(path) ? [path] : []
  return readdirSync(path)
    .filter((name) => !SKIPPED_DIRS.test(name))
    .flatMap((name) => scannedFiles(join(path, name)))
}

/** Every `file:line` under `root` (of `entries`) that names an issue number, the line's text after it. */
function findIssueNumbers(root: string, entries: readonly string[]): string[] {
  return entries
    .map((entry) => join(root, entry))
    .flatMap(scannedFiles)
    .flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((text, index) =>
          ISSUE_NUMBER.test(text) ? [`${relative(root, file)}:${index + 1}: ${text.trim()}`] : [],
        ),
    )
}

describe('issue numbers', () => {
  it('are named in no source or doc of the repository', () => {
    expect(findIssueNumbers(repo, SCANNED)).toEqual([])
  })

  it('are found in a comment, in any case, with the file and line', () => {
    /** Joined here so that this file itself names none. */
    const issue = (word: string, numbers: string) => `${word} ${numbers}`
    const dir = mkdtempSync(join(tmpdir(), 'issue-numbers-'))
    mkdirSync(join(dir, 'src/node_modules'), { recursive: true })
    writeFileSync(join(dir, 'src/a.ts'), `export const a = 1\n// ${issue('Issue', '14')}: the rule\n`)
    writeFileSync(
      join(dir, 'src/b.md'),
      `As (${issue('issues', '10 and 12')}) say.\nAn issue, not a number.\n`,
    )
    writeFileSync(join(dir, 'src/c.json'), `{ "note": "${issue('issue', '3')}" }\n`)
    writeFileSync(join(dir, 'src/node_modules/d.ts'), `// ${issue('issue', '4')}\n`)
    expect(findIssueNumbers(dir, ['src'])).toEqual([
      `src/a.ts:2: // ${issue('Issue', '14')}: the rule`,
      `src/b.md:1: As (${issue('issues', '10 and 12')}) say.`,
    ])
  })
})
