import { CORE_EVENT } from './coreHandoff.ts'
import { createAppKit } from './createAppKit.ts'

// Stage 2 of the loader (`appkit-core-<hash>.js`), loaded by appkit.js with SRI (loadCore.ts).

// zod 4 creates `globalThis.__zod_globalConfig = {}` when absent; the loader promises a site nothing
// global but `window.appkit`. Every zod copy keeps its own reference and reads the global only
// optionally, so removing an empty one is safe, also when the page's own zod made it.
const zodConfig: unknown = Reflect.get(globalThis, '__zod_globalConfig')
if (typeof zodConfig === 'object' && zodConfig !== null && Object.keys(zodConfig).length === 0) {
  Reflect.deleteProperty(globalThis, '__zod_globalConfig')
}

// `currentScript` is the element appkit.js created for this file, and exists only while it first runs.
document.currentScript?.dispatchEvent(new CustomEvent(CORE_EVENT, { detail: createAppKit }))
