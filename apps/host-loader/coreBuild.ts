import { createHash } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { build, type Plugin, type Rollup } from 'vite'
import { pureZod } from '../../packages/shared/build/pureZod.ts'
import { terserAfterOxc } from '../../packages/shared/build/terserAfterOxc.ts'

const ROOT = fileURLToPath(new URL('.', import.meta.url))
export const TARGET = 'es2022'

/** A lazily loaded script's built files, and what stage 1 needs to load it: file name and SRI hash. */
export type LazyScriptBuild = {
  files: readonly (Rollup.OutputChunk | Rollup.OutputAsset)[]
  script: { file: string; integrity: string }
}

/**
 * Builds one script stage 1 loads later (a classic script beside appkit.js) in memory: its
 * content-hashed file name and the Subresource Integrity hash of the exact bytes served. The build is
 * deterministic, so every stage 1 that loads it (appkit.js, the npm package) names the same file.
 */
export async function buildLazyScript(
  entry: string,
  fileStem: string,
  globalName: string,
  define: Record<string, string> = {},
  {
    terser = true,
    plugins = [],
  }: {
    /** Terser after Oxc (the JS budget before the first click, docs/benchmarks.md): not for vendored code. */
    terser?: boolean
    plugins?: Plugin[]
  } = {},
): Promise<LazyScriptBuild> {
  const result = await build({
    configFile: false,
    root: ROOT,
    logLevel: 'warn',
    define,
    plugins: [pureZod(), ...plugins, ...(terser ? [terserAfterOxc()] : [])],
    build: {
      target: TARGET,
      sourcemap: true,
      write: false,
      lib: { entry, formats: ['iife'], name: globalName, fileName: () => `${fileStem}-[hash].js` },
    },
  })
  const files = (Array.isArray(result) ? result[0] : (result as Rollup.RollupOutput))!.output
  const main = files.find((file) => file.type === 'chunk' && file.isEntry)
  if (main?.type !== 'chunk') throw new Error(`the ${fileStem} build gave no entry chunk`)
  const integrity = `sha384-${createHash('sha384').update(main.code).digest('base64')}`
  return { files, script: { file: main.fileName, integrity } }
}

/** The module the Bitcoin script gets for `@modalkit/protocol`: the core's classes, lent (its TSDoc). */
const BORROWED_PROTOCOL = `${ROOT}src/borrowedProtocol.ts`

/** Resolves `@modalkit/protocol` to borrowedProtocol.ts, but in that module itself (its pure functions). */
function borrowProtocol(): Plugin {
  return {
    name: 'borrow-protocol',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === '@modalkit/protocol' && importer !== BORROWED_PROTOCOL ? BORROWED_PROTOCOL : null
    },
  }
}

/**
 * The loader's core (stage 2, src/core.ts) and the scripts it loads later, whose names and hashes it
 * gets as constants: once a Solana account is connected, @solana/web3.js's PublicKey (about 70 KB
 * gzip, src/solanaClasses.ts, `__APPKIT_SOLANA__`); with the first Bitcoin browser wallet connected,
 * restored or asked, its connector and adapters (src/bitcoinScript.ts, `__APPKIT_BITCOIN__`). Both stage 1s use it: appkit.js (vite.config.ts, which
 * also writes these files) and the npm package's ESM (packages/appkit), which loads the same bytes
 * from the modal's origin.
 */
export async function buildCore(): Promise<{
  files: LazyScriptBuild['files']
  core: LazyScriptBuild['script']
}> {
  const solana = await buildLazyScript(
    'src/solanaClasses.ts',
    'appkit-solana',
    'AppKitSolana',
    {},
    { terser: false },
  )
  const bitcoin = await buildLazyScript(
    'src/bitcoinScript.ts',
    'appkit-bitcoin',
    'AppKitBitcoin',
    {},
    { plugins: [borrowProtocol()] },
  )
  const core = await buildLazyScript('src/core.ts', 'appkit-core', 'AppKitCore', {
    __APPKIT_SOLANA__: JSON.stringify(solana.script),
    __APPKIT_BITCOIN__: JSON.stringify(bitcoin.script),
  })
  return { files: [...solana.files, ...bitcoin.files, ...core.files], core: core.script }
}
