import { defineConfig, type Plugin, type Rollup } from 'vite'
import { terserAfterOxc } from '../../packages/shared/build/terserAfterOxc.ts'
import { buildCore, buildLazyScript, type LazyScriptBuild, TARGET } from './coreBuild.ts'

/**
 * Builds a script appkit.js loads later, before appkit.js, in memory (coreBuild.ts): its
 * content-hashed file name and its Subresource Integrity hash go into appkit.js as `constant`
 * (main.ts), and its files into the same dist.
 */
function lazyScript(constant: string, built: () => Promise<LazyScriptBuild>): Plugin {
  let files: readonly (Rollup.OutputChunk | Rollup.OutputAsset)[] = []
  return {
    name: `lazy-script${constant}`,
    apply: 'build',
    async config() {
      const result = await built()
      files = result.files
      return { define: { [constant]: JSON.stringify(result.script) } }
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
    // Stage 1 has a 4 KB gzip budget; terser's `unsafe` as since it was first built.
    terserAfterOxc({ unsafe: true }),
    lazyScript('__APPKIT_CORE__', async () => {
      const { files, core } = await buildCore()
      return { files, script: core }
    }),
    // The custom elements, loaded only by a page that uses one (elements/watchElementTags.ts).
    lazyScript('__APPKIT_ELEMENTS__', () =>
      buildLazyScript('src/elements/elements.ts', 'appkit-elements', 'AppKitElements'),
    ),
  ],
  build: {
    target: TARGET,
    outDir: 'dist',
    emptyOutDir: true,
    // The map is served beside it, unannounced: the comment's bytes count against the 4 KB.
    sourcemap: 'hidden',
    lib: { entry: 'src/main.ts', formats: ['iife'], name: 'AppKitLoader', fileName: () => 'appkit.js' },
  },
})
