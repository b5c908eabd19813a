import { defineConfig } from 'vite'

// One classic script, no chunks: it is what a site puts in a <script> tag.
export default defineConfig({
  build: {
    target: 'es2020',
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    lib: { entry: 'src/main.ts', formats: ['iife'], name: 'AppKitLoader', fileName: () => 'appkit.js' },
  },
})
