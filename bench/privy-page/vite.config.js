import { resolve } from 'node:path'
import { defineConfig } from 'vite'

// Two pages: Privy's, and the same React page without it (the baseline).
export default defineConfig({
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      input: {
        index: resolve(import.meta.dirname, 'index.html'),
        bare: resolve(import.meta.dirname, 'bare.html'),
      },
    },
  },
})
