import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { rolldown } from 'rolldown'
import { describe, expect, it } from 'vitest'
import { pureReactRouter, shakeableReactRouter } from '../apps/modal-app/pureReactRouter.ts'

const repo = resolve(import.meta.dirname, '..')
const production = join(repo, 'node_modules/react-router/dist/production/index.mjs')

/** Bundles what the modal imports from react-router's production build, with or without the plugin. */
async function bundleModalImports(withPlugin: boolean): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'router-'))
  const entry = join(dir, 'entry.js')
  writeFileSync(
    entry,
    `import { Router, useRoutes, UNSAFE_createMemoryHistory } from ${JSON.stringify(production)}\n` +
      'export { Router, useRoutes, UNSAFE_createMemoryHistory }\n',
  )
  const plugin = pureReactRouter()
  const transform = plugin.transform as (code: string, id: string) => { code: string } | undefined
  const build = await rolldown({
    input: entry,
    external: [/^react/],
    plugins: withPlugin ? [{ name: plugin.name, transform: (code, id) => transform(code, id) }] : [],
    logLevel: 'silent',
  })
  const { output } = await build.generate({ format: 'esm' })
  await build.close()
  return output[0].code
}

describe("react-router as the modal's bundle can shake it (the size budget in docs/benchmarks.md)", () => {
  it('drops the components the modal does not use, and keeps the ones it does', async () => {
    const [shaken, whole] = await Promise.all([bundleModalImports(true), bundleModalImports(false)])
    // Without it, Link, NavLink and Form stay in: the check can fail.
    expect(whole).toContain('function LinkWithRef')
    for (const unused of ['function LinkWithRef', 'function NavLinkWithRef', 'function FormWithRef'])
      expect(shaken).not.toContain(unused)
    for (const used of ['function Router(', 'function useRoutesImpl(', 'function createMemoryHistory('])
      expect(shaken).toContain(used)
    expect(shaken.length).toBeLessThan(whole.length * 0.75)
  })

  it('removes whole displayName assignments, keeps the line count, and marks only creations pure', () => {
    const code = [
      'var Ctx = React.createContext(null);',
      'Ctx.displayName = "Ctx";',
      'var Link = React10.forwardRef(function LinkWithRef() {});',
      'const label = el.displayName = "kept";',
      'var value = React.useMemo(() => 1);',
    ].join('\n')
    expect(shakeableReactRouter(code).split('\n')).toEqual([
      'var Ctx = /* @__PURE__ */ React.createContext(null);',
      '',
      'var Link = /* @__PURE__ */ React10.forwardRef(function LinkWithRef() {});',
      'const label = el.displayName = "kept";',
      'var value = React.useMemo(() => 1);',
    ])
  })
})
