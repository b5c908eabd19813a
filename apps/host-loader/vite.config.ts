import { defineConfig, type Plugin, type Rollup } from 'vite'
import { buildCore, TARGET } from './coreBuild.ts'

/**
 * Builds the loader's core (stage 2, src/core.ts) before appkit.js, in memory (coreBuild.ts): its
 * content-hashed file name and its Subresource Integrity hash go into appkit.js as `__APPKIT_CORE__`
 * (main.ts), and its files into the same dist.
 */
function appkitCore(): Plugin {
  let files: readonly (Rollup.OutputChunk | Rollup.OutputAsset)[] = []
  return {
    name: 'appkit-core',
    apply: 'build',
    async config() {
      const built = await buildCore()
      files = built.files
      return { define: { __APPKIT_CORE__: JSON.stringify(built.core) } }
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
