import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { findImportCycles } from './findImportCycles.ts'

const repo = resolve(import.meta.dirname, '..')
const roots = ['apps', 'packages'].flatMap((group) =>
  readdirSync(join(repo, group)).map((name) => join(repo, group, name, 'src')),
)

describe('import circles', () => {
  it('finds none in the repository', () => {
    expect(findImportCycles(roots, repo)).toEqual([])
  })

  it('finds one, type-only imports included', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cycles-'))
    mkdirSync(join(dir, 'src'))
    writeFileSync(join(dir, 'src/a.ts'), "import type { B } from './b.ts'\nexport type A = B\n")
    writeFileSync(join(dir, 'src/b.ts'), "import { c } from './c.ts'\nexport type B = string\n")
    writeFileSync(join(dir, 'src/c.ts'), "export type { A } from './a.ts'\nexport const c = 1\n")
    expect(findImportCycles([join(dir, 'src')], dir)).toEqual([['src/a.ts', 'src/b.ts', 'src/c.ts']])
  })
})
