import { resolve } from 'node:path'
import { defineConfig } from 'vite'
import { pureZod } from '../../packages/shared/build/pureZod.ts'

export default defineConfig({
  // Unused zod schemas of the modules it imports leave the bundle (pureZod.ts).
  plugins: [pureZod()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    rollupOptions: {
      // The frame, the social login popup's callback page (the providers' redirect URI), and the
      // approval and recovery windows for browsers without IntersectionObserver v2.
      input: {
        frame: resolve(import.meta.dirname, 'index.html'),
        callback: resolve(import.meta.dirname, 'oauth-callback.html'),
        approve: resolve(import.meta.dirname, 'approve.html'),
        recovery: resolve(import.meta.dirname, 'recovery.html'),
      },
    },
  },
})
