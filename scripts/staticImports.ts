import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'

/** `import … from 'x'` and `export … from 'x'` that load code; `import type` ones and `import('x')` do not. */
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\s)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm

/** Walks `entry`'s static imports: each relative module it loads once, each package as first named. */
function walkStaticImports(entry: string) {
  const packages = new Map<string, string>()
  const modules = new Set<string>()
  const visit = (file: string) => {
    if (modules.has(file)) return
    modules.add(file)
    for (const match of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      const specifier = match[1] ?? ''
      if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier))
      else if (!packages.has(specifier)) packages.set(specifier, file)
    }
  }
  visit(resolve(entry))
  return { packages, modules }
}

/**
 * Every package a module loads before it runs, following its relative static imports: what lands in
 * its initial chunk. Dynamic `import()` (a lazy chunk) and type-only imports are not followed.
 * @returns The bare specifiers (packages), each with the first file that imports it.
 */
export function staticPackageImports(entry: string): Map<string, string> {
  return walkStaticImports(entry).packages
}

/** Every file of the app a module loads before it runs (itself included), as `staticPackageImports` walks. */
export function staticModuleImports(entry: string): Set<string> {
  return walkStaticImports(entry).modules
}
