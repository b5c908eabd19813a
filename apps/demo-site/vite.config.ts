import { resolve } from 'node:path'
import { defineConfig } from 'vite'

// The demo site: the plain pages in public/ (index, embedded, bare, demo.js, demo.css) are copied
// into dist/ unchanged; the pages that use real clients (ethers, viem, wagmi) are bundled, as a site
// developer's build would. `{{MODAL_ORIGIN}}` and `{{PROJECT_ID}}` stay in the HTML: the demo
// server fills them at run time (scripts/originServers.ts).
export default defineConfig({
  publicDir: 'public',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    rollupOptions: {
      input: {
        ethers: resolve(import.meta.dirname, 'ethers.html'),
        appkitEthers: resolve(import.meta.dirname, 'appkit-ethers.html'),
        viem: resolve(import.meta.dirname, 'viem.html'),
        wagmi: resolve(import.meta.dirname, 'wagmi.html'),
      },
    },
  },
})
