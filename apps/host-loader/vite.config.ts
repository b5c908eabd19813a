import { minify } from 'terser'
import { defineConfig, type Plugin, type Rollup } from 'vite'
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

/**
 * Stage 1 has a 4.25 KB gzip budget (issue 11): terser's passes over Oxc's output take off 2 % more than
 * either alone. Its source map is composed with Oxc's, into the same file.
 */
function terserAfterOxc(fileName: string): Plugin {
  return {
    name: 'terser-after-oxc',
    apply: 'build',
    async generateBundle(_, bundle) {
      const chunk = bundle[fileName]
      const map = bundle[`${fileName}.map`]
      if (chunk?.type !== 'chunk' || map?.type !== 'asset')
        throw new Error(`terser-after-oxc: no ${fileName} and map in the bundle`)
      const result = await minify(chunk.code, {
        ecma: 2020,
        toplevel: true,
        compress: { passes: 3, unsafe: true, pure_getters: true },
        sourceMap: { content: String(map.source), includeSources: true },
      })
      if (result.code === undefined || typeof result.map !== 'string')
        throw new Error(`terser-after-oxc: no output for ${fileName}`)
      chunk.code = result.code
      map.source = result.map
    },
  }
}

// appkit.js: one classic script, no chunks: it is what a site puts in a <script> tag. It loads the
// core, a second classic script beside it, once the page is idle (createLazyAppKit.ts).
export default defineConfig({
  plugins: [
    terserAfterOxc('appkit.js'),
    lazyScript('__APPKIT_CORE__', async () => {
      const { files, core } = await buildCore()
      return { files, script: core }
    }),
    // Issue 12: the custom elements, loaded only by a page that uses one (elements/watchElementTags.ts).
    lazyScript('__APPKIT_ELEMENTS__', () =>
      buildLazyScript('src/elements/elements.ts', 'appkit-elements', 'AppKitElements'),
    ),
  ],
  build: {
    target: TARGET,
    outDir: 'dist',
    emptyOutDir: true,
    // The map is served beside it, unannounced: the comment's bytes count against the 4.25 KB.
    sourcemap: 'hidden',
    lib: { entry: 'src/main.ts', formats: ['iife'], name: 'AppKitLoader', fileName: () => 'appkit.js' },
  },
})
