import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping'
import { build, type Rollup } from 'vite'
import { expect, it } from 'vitest'
import { terserAfterOxc } from '../packages/shared/build/terserAfterOxc.ts'

/** A small app as the modal is built: a first chunk with lazy imports that share a module. */
function fixture(): string {
  const root = mkdtempSync(join(tmpdir(), 'terser-after-oxc-'))
  const files: Record<string, string> = {
    'index.html': '<!doctype html><script type="module" src="./main.ts"></script>',
    'main.ts': `import { greet } from './greet.ts'
      document.body.textContent = greet('first')
      document.body.onclick = async () => { const { later } = await import('./later.ts'); later() }
      document.body.onkeydown = async () => { const { other } = await import('./other.ts'); other() }`,
    'greet.ts': "export const greet = (who: string) => 'hello ' + who + ', ' + document.title",
    'later.ts': "import { shared } from './shared.ts'\nexport const later = () => shared('later')",
    'other.ts': "import { shared } from './shared.ts'\nexport const other = () => shared('other')",
    'shared.ts': 'export const shared = (what: string) => console.log(what, document.title)',
  }
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text)
  return root
}

async function buildFixture(root: string, unsafe = false) {
  const result = await build({
    configFile: false,
    root,
    logLevel: 'silent',
    plugins: [terserAfterOxc({ unsafe })],
    build: { write: false, sourcemap: true, modulePreload: { polyfill: false } },
  })
  const output = (Array.isArray(result) ? result[0] : (result as Rollup.RollupOutput))!.output
  const first = output.find((file) => file.type === 'chunk' && file.isEntry)
  if (first?.type !== 'chunk') throw new Error('no entry chunk')
  const map = output.find((file) => file.fileName === `${first.fileName}.map`)
  if (map?.type !== 'asset') throw new Error('no map')
  const lazy = output.find((file) => file.type === 'chunk' && file.fileName.includes('later'))
  return { first, map: String(map.source), lazy: lazy?.type === 'chunk' ? lazy : undefined }
}

it("terser's passes keep the first chunk's source map true and findable, also after Vite's import analysis rewrote its lazy imports", async () => {
  const { first, map, lazy } = await buildFixture(fixture())
  // Each piece of the minified code maps back to the module it came from, also after the preload
  // list Vite put in front of it.
  const trace = new TraceMap(map)
  const origin = (text: string) => {
    const at = first.code.indexOf(text)
    expect(at, text).toBeGreaterThan(-1)
    const before = first.code.slice(0, at).split('\n')
    const found = originalPositionFor(trace, { line: before.length, column: before.at(-1)!.length })
    return found.source?.split('/').at(-1)
  }
  expect(origin('hello ')).toBe('greet.ts')
  expect(origin('textContent')).toBe('main.ts')
  // Devtools find the map by the file's comment, as for the lazy chunks terser does not touch.
  expect(first.code).toMatch(new RegExp(`//# sourceMappingURL=${first.fileName.split('/').at(-1)}\\.map$`))
  expect(lazy?.code).toMatch(/\/\/# sourceMappingURL=later-[\w-]+\.js\.map$/)
  expect((JSON.parse(map) as { file?: string }).file).toBe(first.fileName.split('/').at(-1))
  // The lazy import's preload list was written (Vite's `__vite__mapDeps`, renamed by terser).
  expect(first.code).toMatch(/assets\/shared-[\w-]+\.js/)
})

it("the first chunk's name follows terser's options, which its bytes depend on (names are fixed before terser runs)", async () => {
  const root = fixture()
  const safe = await buildFixture(root)
  expect((await buildFixture(root)).first.fileName).toBe(safe.first.fileName)
  expect((await buildFixture(root, true)).first.fileName).not.toBe(safe.first.fileName)
})
