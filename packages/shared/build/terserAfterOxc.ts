import { createRequire } from 'node:module'
import { type MinifyOptions, minify } from 'terser'
import type { Plugin } from 'vite'

const TERSER_VERSION: string = createRequire(import.meta.url)('terser/package.json').version

/** How hard terser minifies again. */
export type TerserAfterOxcOptions = {
  /**
   * Terser's `unsafe` transforms (`String(x)` as `"" + x`, and others): only for code whose inputs
   * are its own, never for code that handles page data, where a Symbol would then throw.
   */
  unsafe?: boolean
}

/** A source map as the bundle holds it, with the fields terser's composition drops. */
type SourceMapJson = { file?: string; sources: string[]; ignoreList?: number[] }

/** A chunk's trailing `//# sourceMappingURL=` comment, which terser writes back only when told its URL. */
const MAP_COMMENT = /\n?\/\/# sourceMappingURL=(\S+)\s*$/

/**
 * Terser's passes over Oxc's minified output of a build's entry chunks, the files counted in issue
 * 11's budgets (stage 1's 4 KB, all JS before the first click; each lazy chunk keeps Oxc's):
 * together they take off about 2 % more gzip than either alone. Terser runs after every other
 * plugin's generateBundle, as Vite's import analysis rewrites a chunk's lazy imports there
 * (`__vite__mapDeps`) and composes its map from `chunk.map`. Each file's map is composed with Oxc's,
 * in place, keeping its comment, `file` and `ignoreList`; terser's version and options go into the
 * file's content hash, since its name is fixed before it runs.
 */
export function terserAfterOxc({ unsafe = false }: TerserAfterOxcOptions = {}): Plugin {
  const compress: MinifyOptions['compress'] = { passes: 3, unsafe }
  const fingerprint = `terser-after-oxc ${TERSER_VERSION} ${JSON.stringify(compress)}`
  return {
    name: 'terser-after-oxc',
    apply: 'build',
    augmentChunkHash: (chunk) => (chunk.isEntry ? fingerprint : undefined),
    generateBundle: {
      order: 'post',
      async handler(output, bundle) {
        const entries = Object.values(bundle).filter((file) => file.type === 'chunk' && file.isEntry)
        if (entries.length === 0) throw new Error('terser-after-oxc: no entry chunk in the bundle')
        for (const chunk of entries) {
          if (chunk.type !== 'chunk') continue
          const map = bundle[`${chunk.fileName}.map`]
          if (map?.type !== 'asset') throw new Error(`terser-after-oxc: no map for ${chunk.fileName}`)
          const before = JSON.parse(String(map.source)) as SourceMapJson
          const url = MAP_COMMENT.exec(chunk.code)?.[1]
          const result = await minify(chunk.code.replace(MAP_COMMENT, ''), {
            ecma: 2020,
            module: output.format === 'es',
            toplevel: true,
            compress,
            sourceMap: { content: String(map.source), includeSources: true, ...(url ? { url } : {}) },
          })
          if (result.code === undefined || typeof result.map !== 'string')
            throw new Error(`terser-after-oxc: no output for ${chunk.fileName}`)
          const after = JSON.parse(result.map) as SourceMapJson
          const ignored = new Set((before.ignoreList ?? []).map((index) => before.sources[index]))
          after.ignoreList = after.sources.flatMap((source, index) => (ignored.has(source) ? [index] : []))
          if (before.file) after.file = before.file
          chunk.code = result.code
          map.source = JSON.stringify(after)
        }
      },
    },
  }
}
