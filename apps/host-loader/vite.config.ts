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
type Output = readonly (Rollup.OutputChunk | Rollup.OutputAsset)[]

/** Builds one classic script in memory; its files, and its entry's name and SRI hash. */
async function buildScript(entry: string, name: string, global: string, define: Record<string, string> = {}) {
  const result = await build({
    configFile: false,
    root: ROOT,
    logLevel: 'warn',
    define,
    build: {
      target: TARGET,
      sourcemap: true,
      write: false,
      lib: { entry, formats: ['iife'], name: global, fileName: () => `${name}-[hash].js` },
    },
  })
  const files: Output = (Array.isArray(result) ? result[0] : (result as Rollup.RollupOutput))!.output
  const chunk = files.find((file) => file.type === 'chunk' && file.isEntry)
  if (chunk?.type !== 'chunk') throw new Error(`the ${name} build gave no entry chunk`)
  const integrity = `sha384-${createHash('sha384').update(chunk.code).digest('base64')}`
  return { files, script: JSON.stringify({ file: chunk.fileName, integrity }) }
}

function appkitCore(): Plugin {
  let files: Output = []
  return {
    name: 'appkit-core',
    apply: 'build',
    async config() {
      // @solana/web3.js's PublicKey (about 70 KB gzip) is a third script the core loads only once a
      // Solana account is connected (solanaClasses.ts): the Solana provider hands out PublicKeys.
      const solana = await buildScript('src/solanaClasses.ts', 'appkit-solana', 'AppKitSolana')
      const core = await buildScript('src/core.ts', 'appkit-core', 'AppKitCore', {
        __APPKIT_SOLANA__: solana.script,
      })
      files = [...solana.files, ...core.files]
      return { define: { __APPKIT_CORE__: core.script } }
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
  plugins: [appkitCore()],
  build: {
    target: TARGET,
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    lib: { entry: 'src/main.ts', formats: ['iife'], name: 'AppKitLoader', fileName: () => 'appkit.js' },
  },
})
