// Evaluated before every other import (its own chunk: import sorting keeps it first).

import { createAppKit } from './createAppKit.ts'
import { readScriptOptions } from './readScriptOptions.ts'
import { zodConfigExisted } from './recordGlobals.ts'
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

// zod only reads its global config optionally, and keeps its own reference: removing it is safe.
if (!zodConfigExisted) Reflect.deleteProperty(globalThis, '__zod_globalConfig')

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
