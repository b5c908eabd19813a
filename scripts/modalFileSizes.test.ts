import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { expect, it } from 'vitest'

const repo = resolve(import.meta.dirname, '..')
/** Issue 8: the modal is small modules; a file that grows past this wants splitting (STYLE.md). */
const MAX_LINES = 250

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? files(path) : [path]
  })
}

it(`keeps every file of apps/modal-app/src within ${MAX_LINES} lines`, () => {
  const long = files(join(repo, 'apps/modal-app/src'))
    .map((file) => ({ file: relative(repo, file), lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
    .filter(({ lines }) => lines > MAX_LINES)
  expect(long).toEqual([])
})
