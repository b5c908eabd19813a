import { createHash } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { build, type Rollup } from 'vite'

const ROOT = fileURLToPath(new URL('.', import.meta.url))
export const TARGET = 'es2020'

/** The core's built files and what stage 1 needs to load it: its file name and SRI hash. */
export type CoreBuild = {
  files: readonly (Rollup.OutputChunk | Rollup.OutputAsset)[]
  core: { file: string; integrity: string }
}

/**
 * Builds the loader's core (stage 2, src/core.ts) in memory. Both stage 1s use it: appkit.js
 * (vite.config.ts, which also writes these files) and the npm package's ESM (packages/appkit), which
 * loads the same bytes from the modal's origin. The build is deterministic, so both get the same
 * content-hashed file name and the same Subresource Integrity hash (of the exact bytes served).
 */
export async function buildCore(): Promise<CoreBuild> {
  const result = await build({
    configFile: false,
    root: ROOT,
    logLevel: 'warn',
    build: {
      target: TARGET,
      sourcemap: true,
      write: false,
      lib: {
        entry: 'src/core.ts',
        formats: ['iife'],
        name: 'AppKitCore',
        fileName: () => 'appkit-core-[hash].js',
      },
    },
  })
  const files = (Array.isArray(result) ? result[0] : (result as Rollup.RollupOutput))!.output
  const entry = files.find((file) => file.type === 'chunk' && file.isEntry)
  if (entry?.type !== 'chunk') throw new Error('the core build gave no entry chunk')
  const integrity = `sha384-${createHash('sha384').update(entry.code).digest('base64')}`
  return { files, core: { file: entry.fileName, integrity } }
}
