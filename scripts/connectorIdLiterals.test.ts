import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { expect, it } from 'vitest'

const repo = resolve(import.meta.dirname, '..')
/** A connector id written as a string: its kinds are named in packages/protocol only. */
const LITERAL = /(['"`])(?:WALLET_CONNECT|AUTH|INJECTED)\1|['"`]ANNOUNCED:/

function productionFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (name === 'node_modules' || name === 'dist') return []
    if (statSync(path).isDirectory()) return productionFiles(path)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : []
  })
}

it('finds no connector id literal outside packages/protocol', () => {
  const apps = readdirSync(join(repo, 'apps')).map((name) => join(repo, 'apps', name, 'src'))
  const offenders = [...apps, join(repo, 'packages/shared/src')]
    .flatMap(productionFiles)
    .filter((file) => LITERAL.test(readFileSync(file, 'utf8')))
    .map((file) => relative(repo, file))
  expect(offenders).toEqual([])
})
