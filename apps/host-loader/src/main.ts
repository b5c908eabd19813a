import { createAppKit } from './createAppKit.ts'
import { readScriptOptions } from './readScriptOptions.ts'
import type { AppKit } from './types.ts'

declare global {
  interface Window {
    appkit?: AppKit
  }
}

// `currentScript` exists only while this file first runs (also for async scripts): the modal lives
// on the origin the loader was served from.
const script = document.currentScript
if (!(script instanceof HTMLScriptElement)) throw new Error('[appkit] load appkit.js with a <script> tag')

// zod 4 creates `globalThis.__zod_globalConfig = {}` when absent; the loader promises a site nothing
// global but `window.appkit`. Every zod copy keeps its own reference and reads the global only
// optionally, so removing an empty one is safe, also when the page's own zod made it.
const zodConfig: unknown = Reflect.get(globalThis, '__zod_globalConfig')
if (typeof zodConfig === 'object' && zodConfig !== null && Object.keys(zodConfig).length === 0) {
  Reflect.deleteProperty(globalThis, '__zod_globalConfig')
}

if (window.appkit) {
  console.warn('[appkit] appkit.js was loaded twice; the first copy stays')
} else {
  const appkit = createAppKit(new URL(script.src).origin)
  Object.defineProperty(window, 'appkit', {
    value: appkit,
    enumerable: true,
    writable: false,
    configurable: false,
  })
  const options = readScriptOptions(script)
  if (options) appkit.init(options)
}
