// What the npm package (packages/appkit) builds its ESM stage 1 from: the same pieces as appkit.js
// (main.ts). The types of everything on `window.appkit` are `@modalkit/host-loader/types` (types.ts).
export { createLazyAppKit } from './createLazyAppKit.ts'
export { loadCore } from './loadCore.ts'
