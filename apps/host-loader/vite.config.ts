import { createHash } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { build, defineConfig, type Plugin, type Rollup } from 'vite'

const ROOT = fileURLToPath(new URL('.', import.meta.url))
const TARGET = 'es2020'

/**
 * Builds the loader's core (stage 2, src/core.ts) before appkit.js, in memory: its content-hashed
 * file name and its Subresource Integrity hash go into appkit.js as `__APPKIT_CORE__` (main.ts), and
 * its files into the same dist. The hash is of the exact bytes served.
 */
function lazyScript(entryFile: string, name: string, constant: string): Plugin {
  let files: readonly (Rollup.OutputChunk | Rollup.OutputAsset)[] = []
  return {
    name: `lazy-${name}`,
    apply: 'build',
    async config() {
      const result = await build({
        configFile: false,
        root: ROOT,
        logLevel: 'warn',
        build: {
          target: TARGET,
          sourcemap: true,
          write: false,
          lib: {
            entry: entryFile,
            formats: ['iife'],
            name: name.replace(/(^|-)([a-z])/g, (_m, _d, c: string) => c.toUpperCase()),
            fileName: () => `${name}-[hash].js`,
          },
        },
      })
      files = (Array.isArray(result) ? result[0] : (result as Rollup.RollupOutput))!.output
      const entry = files.find((file) => file.type === 'chunk' && file.isEntry)
      if (entry?.type !== 'chunk') throw new Error(`the ${name} build gave no entry chunk`)
      const integrity = `sha384-${createHash('sha384').update(entry.code).digest('base64')}`
      return { define: { [constant]: JSON.stringify({ file: entry.fileName, integrity }) } }
    },
    generateBundle() {
      for (const file of files) {
        const source = file.type === 'chunk' ? file.code : file.source
        this.emitFile({ type: 'asset', fileName: file.fileName, source })
      }
    },
  }
}

// appkit.js: one classic script, no chunks: it is what a site puts in a <script> tag. It loads the
// core, a second classic script beside it, once the page is idle (createLazyAppKit.ts).
export default defineConfig({
  plugins: [
    lazyScript('src/core.ts', 'appkit-core', '__APPKIT_CORE__'),
    // Issue 12: the custom elements, loaded only by a page that uses one (elements/watchElementTags.ts).
    lazyScript('src/elements/elements.ts', 'appkit-elements', '__APPKIT_ELEMENTS__'),
  ],
  build: {
    target: TARGET,
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    lib: { entry: 'src/main.ts', formats: ['iife'], name: 'AppKitLoader', fileName: () => 'appkit.js' },
  },
})
