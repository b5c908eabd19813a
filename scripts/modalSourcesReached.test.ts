import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { expect, it } from 'vitest'

const repo = resolve(import.meta.dirname, '..')
const app = join(repo, 'apps/modal-app')

/** Relative specifiers a module names: static imports and re-exports (type-only ones too), and `import()`. */
const SPECIFIER =
  /(?:import|export)\s[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sources(path)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : []
  })
}

/** Every module `entry` reaches, lazy chunks included. */
function reached(entry: string): Set<string> {
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    for (const match of readFileSync(file, 'utf8').matchAll(SPECIFIER))
      visit(resolve(dirname(file), match[1] ?? match[2] ?? ''))
  }
  visit(entry)
  return seen
}

/**
 * The modal's `src/` is what it ships: each of its modules (tests aside) is reached from the entry
 * (`src/main.tsx`, index.html's only script), eagerly or by a lazy `import()`. What only tests use,
 * their stand-ins, lives in `apps/modal-app/test/`.
 */
it("reaches every module of the modal's src/ from its entry: no test helper among them", () => {
  const shipped = reached(join(app, 'src/main.tsx'))
  const unreached = sources(join(app, 'src')).filter((file) => !shipped.has(file))
  expect(unreached.map((file) => relative(repo, file))).toEqual([])
  // The walk followed the lazy chunks too (a view's chunk, the embedded wallet's connector).
  expect(shipped).toContain(join(app, 'src/views/Account/Account.tsx'))
  expect(shipped).toContain(join(app, 'src/connectors/embedded/createEmbeddedConnector.ts'))
})
