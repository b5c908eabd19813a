import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { pureZod } from '../../packages/shared/build/pureZod.ts'
import { terserAfterOxc } from '../../packages/shared/build/terserAfterOxc.ts'
import { pureReactRouter } from './pureReactRouter.ts'

const reactRouter = (file: string) =>
  fileURLToPath(new URL(`../../node_modules/react-router/dist/production/${file}`, import.meta.url))

export default defineConfig({
  // Terser again over the first chunk (the entry, counted before the first click); the lazy chunks
  // load after it and keep Oxc's output as it is.
  // Unused zod schemas of the modules it imports leave the bundle (pureZod.ts).
  plugins: [pureReactRouter(), pureZod(), terserAfterOxc()],
  // WalletConnect skips its Verify service only in test runs; the modal sets this flag at run time
  // when configured for the local relay (src/env/readEnv.ts). Vite would otherwise fold
  // `process.env` into `{}` and the flag could never be read.
  // In that mode it also reads React Native's `global`, which browsers call `globalThis`.
  define: { 'process.env.IS_VITEST': 'globalThis.process?.env?.IS_VITEST', global: 'globalThis' },
  resolve: {
    // react-router's package exports name only its development build (warnings and checks that a
    // production bundle does not need); the production build it also ships is smaller.
    alias: [
      { find: /^react-router$/, replacement: reactRouter('index.mjs') },
      { find: /^react-router\/dom$/, replacement: reactRouter('dom-export.mjs') },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    rollupOptions: {
      // react-router marks its modules "use client" for server components; irrelevant in a browser bundle.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning)
      },
      // Everything the page imports statically in one file, not thirty: over HTTP/1.1's six
      // connections the thirty came in waves, and every chunk boundary costs exports (a click
      // before the preload, 357 → about 250 ms to the first view; the initial JS 161.8 → 149.2 KB gzip).
      output: {
        codeSplitting: { groups: [{ name: 'modal', tags: ['$initial'] }] },
      },
    },
  },
})
