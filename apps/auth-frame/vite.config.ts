import { resolve } from 'node:path'
import { defineConfig } from 'vite'

export default defineConfig({
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    rollupOptions: {
      // The frame, and the social login popup's callback page (the providers' redirect URI).
      input: {
        frame: resolve(import.meta.dirname, 'index.html'),
        callback: resolve(import.meta.dirname, 'oauth-callback.html'),
      },
    },
  },
})
