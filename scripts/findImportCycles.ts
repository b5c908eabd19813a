import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

/** Relative module specifiers of a file: static imports and re-exports, type-only ones included. */
const SPECIFIER = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/g

function sourceFiles(dir: string): string[] {
  const files: string[] = []
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue
    const path = join(dir, name)
    if (statSync(path).isDirectory()) files.push(...sourceFiles(path))
    else if (/\.tsx?$/.test(name)) files.push(path)
  }
  return files
}

/** The files `file` imports by relative path (our imports always name the file with its extension). */
export function relativeImports(file: string, text = readFileSync(file, 'utf8')): string[] {
  return [...text.matchAll(SPECIFIER)].map((m) => resolve(dirname(file), m[1] ?? ''))
}

/**
 * Import circles among the TypeScript files under `roots`, each as the list of files around it,
 * relative to `base`. A type-only import counts: it still means neither module stands without the
 * other (the controller's features imported its event type back).
 */
export function findImportCycles(roots: readonly string[], base: string): string[][] {
  const graph = new Map<string, string[]>()
  for (const root of roots) for (const file of sourceFiles(root)) graph.set(file, relativeImports(file))
  const cycles: string[][] = []
  const state = new Map<string, 'open' | 'done'>()
  const path: string[] = []
  const visit = (file: string) => {
    state.set(file, 'open')
    path.push(file)
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue
      if (state.get(next) === 'open')
        cycles.push(path.slice(path.indexOf(next)).map((f) => relative(base, f)))
      else if (!state.has(next)) visit(next)
    }
    path.pop()
    state.set(file, 'done')
  }
  for (const file of graph.keys()) if (!state.has(file)) visit(file)
  return cycles
}
