import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ISOLATED } from '../vitest.config.ts'

const repo = resolve(import.meta.dirname, '..')
/**
 * What a test file does that would leak into the next file in a worker that shares modules: it
 * replaces a module, a global or an environment variable, or asks for another environment.
 */
const LEAKS = /\bvi\.(mock|doMock|stubGlobal|stubEnv)\(|@vitest-environment|process\.env\.[A-Z_]+ =/
const ROOTS = ['apps', 'packages', 'scripts', 'bench']

function testFiles(path: string): string[] {
  if (!statSync(path).isDirectory()) return /\.test\.tsx?$/.test(path) ? [path] : []
  return readdirSync(path)
    .filter((name) => !/^(node_modules|dist)$/.test(name))
    .flatMap((name) => testFiles(join(path, name)))
}

/** Whether a path matches one of ISOLATED's entries: a file, or every test file under a folder (`**`). */
function isIsolated(file: string): boolean {
  return ISOLATED.some((entry) =>
    entry.includes('**') ? file.startsWith(entry.slice(0, entry.indexOf('**'))) : file === entry,
  )
}

describe('vitest.config.ts: the files that share a worker’s modules', () => {
  it('leaves out every test file that replaces a module, a global or the environment', () => {
    const leaking = ROOTS.flatMap((root) => testFiles(join(repo, root)))
      .map((file) => relative(repo, file))
      // This file names the patterns it looks for.
      .filter((file) => file !== relative(repo, import.meta.filename))
      .filter((file) => LEAKS.test(readFileSync(join(repo, file), 'utf8')))
    expect(leaking.length).toBeGreaterThan(0)
    expect(leaking.filter((file) => !isIsolated(file))).toEqual([])
  })

  it('names only files that exist', () => {
    const missing = ISOLATED.filter((entry) => !entry.includes('*')).filter(
      (file) => !statSync(join(repo, file), { throwIfNoEntry: false }),
    )
    expect(missing).toEqual([])
  })
})
