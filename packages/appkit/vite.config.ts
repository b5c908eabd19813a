import { fileURLToPath } from 'node:url'
import { buildCore } from '@modalkit/host-loader/coreBuild'
import { rollup } from 'rollup'
import { dts } from 'rollup-plugin-dts'
import { defineConfig, type Plugin, type UserConfig } from 'vite'

const ROOT = fileURLToPath(new URL('.', import.meta.url))
const ENTRIES = {
  index: 'src/index.ts',
  networks: 'src/networks.ts',
  react: 'src/react/index.ts',
  wagmi: 'src/wagmi/index.ts',
  'solana-react': 'src/solana/react.ts',
}
/**
 * What the site installs itself: React for the hooks, wagmi (and its viem) for the wagmi adapter,
 * @solana/web3.js for the Solana adapter's `useAppKitConnection`.
 */
const PEERS = [/^react($|\/)/, /^@wagmi\/core($|\/)/, /^viem($|\/)/, /^@solana\/web3\.js$/]

/**
 * The package's TypeScript declarations, one bundled `.d.ts` per entry: the types of everything on
 * `window.appkit` come from their one source (apps/host-loader/src/types.ts, and the protocol's zod
 * schemas they use), inlined, so the package depends on nothing at type level but React's types.
 */
function declarations(): Plugin {
  return {
    name: 'appkit-declarations',
    apply: 'build',
    async closeBundle() {
      const bundle = await rollup({
        input: ENTRIES,
        // web3.js's types stay an import, as its code does (its PublicKey is the Solana provider's,
        // its Connection `useAppKitConnection`'s): inlining them all exhausts the heap, and a Solana
        // site has the package already.
        external: PEERS,
        plugins: [dts({ respectExternal: true, tsconfig: `${ROOT}tsconfig.json` })],
      })
      await bundle.write({ dir: `${ROOT}dist`, format: 'es', entryFileNames: '[name].d.ts' })
      await bundle.close()
    },
  }
}

// `@modalkit/appkit`: the loader's stage 1 as ES modules (no zod, no penpal: the core brings those
// from the modal's origin). `__APPKIT_CORE__` is the core appkit.js loads (the same bytes, see
// apps/host-loader/coreBuild.ts); `MODAL_ORIGIN` at build time is the default `modalOrigin`.
export default defineConfig(async (): Promise<UserConfig> => {
  const { core } = await buildCore()
  return {
    plugins: [declarations()],
    define: {
      __APPKIT_CORE__: JSON.stringify(core),
      __MODALKIT_ORIGIN__: JSON.stringify(process.env.MODAL_ORIGIN ?? 'http://localhost:5174'),
    },
    build: {
      target: 'es2020',
      outDir: 'dist',
      emptyOutDir: true,
      sourcemap: true,
      lib: { entry: ENTRIES, formats: ['es' as const] },
      rollupOptions: { external: PEERS },
    },
  }
})
