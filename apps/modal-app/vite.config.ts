import { defineConfig } from 'vite'

export default defineConfig({
  // WalletConnect skips its Verify service only in test runs; the modal sets this flag at run time
  // when configured for the local relay (src/env/readEnv.ts). Vite would otherwise fold
  // `process.env` into `{}` and the flag could never be read.
  // In that mode it also reads React Native's `global`, which browsers call `globalThis`.
  define: { 'process.env.IS_VITEST': 'globalThis.process?.env?.IS_VITEST', global: 'globalThis' },
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
    },
  },
})
