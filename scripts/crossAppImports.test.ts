import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, relative, resolve, sep } from 'node:path'
import { expect, it } from 'vitest'
import { relativeImports } from './findImportCycles.ts'

const repo = resolve(import.meta.dirname, '..')

function sources(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (name === 'node_modules' || name === 'dist') return []
    if (statSync(path).isDirectory()) return sources(path)
    return /\.tsx?$/.test(name) ? [path] : []
  })
}

/** The app a file belongs to (`apps/<name>/…`), or undefined (e2e, packages). */
const appOf = (file: string) => {
  const [group, name] = relative(repo, file).split(sep)
  return group === 'apps' ? name : undefined
}

/**
 * No app's code or test, and no e2e test, reaches into an app by relative path (STYLE.md: no app
 * imports another app). A test that needs another app's stand-in imports what that app exports by
 * its package name (`@modalkit/local-relay`, `@modalkit/api/testStack`).
 */
it('finds no import of another app by relative path', () => {
  const apps = readdirSync(join(repo, 'apps'))
  const files = [
    ...apps.flatMap((name) => [
      ...sources(join(repo, 'apps', name, 'src')),
      ...sources(join(repo, 'apps', name, 'test')),
    ]),
    ...sources(join(repo, 'e2e')),
  ]
  const offenders = files.flatMap((file) =>
    relativeImports(file)
      .filter((target) => appOf(target) !== undefined && appOf(target) !== appOf(file))
      .map((target) => `${relative(repo, file)} → ${relative(repo, target)}`),
  )
  expect(offenders).toEqual([])
})
