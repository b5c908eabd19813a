import { createLazyAppKit } from './createLazyAppKit.ts'
import { watchElementTags } from './elements/watchElementTags.ts'
import { loadCore } from './loadCore.ts'
import { appendScript } from './loadScript.ts'
import { drainPageQueue, pageQueue } from './pageQueue.ts'
import { readScriptOptions } from './readScriptOptions.ts'
import type { AppKit, AppKitOpenOptions } from './types.ts'

// Stage 1 of the loader (appkit.js): what a site's script tag runs. The core (core.ts) comes later.

declare global {
  interface Window {
    appkit?: AppKit
  }
}

/** The core's content-hashed file name and SRI hash, written in at build time (vite.config.ts). */
declare const __APPKIT_CORE__: { file: string; integrity: string }
/** The custom elements' script, the same way. */
declare const __APPKIT_ELEMENTS__: { file: string; integrity: string }

// `currentScript` exists only while this file first runs (also for async scripts): the modal and the
// core live on the origin the loader was served from.
const script = document.currentScript
if (!(script instanceof HTMLScriptElement)) throw new Error('[appkit] load appkit.js with a <script> tag')

// The page's stub, whose `open()` calls wait for this script (pageQueue.ts): replaced, its calls made.
const queued = pageQueue(window.appkit)
// A stub the page cannot let go (non-configurable) stays, as any other first copy.
if (window.appkit && !(queued && delete window.appkit)) {
  console.warn('[appkit] appkit.js was loaded twice; the first copy stays')
} else {
  const { file, integrity } = __APPKIT_CORE__
  const core = { url: new URL(file, script.src).href, integrity }
  const appkit = createLazyAppKit(new URL(script.src).origin, () => loadCore(core))
  // Neither writable nor configurable (defineProperty's defaults): a later script cannot swap it.
  // The defaults hold for a new property only, hence the stub's deletion above.
  Object.defineProperty(window, 'appkit', { value: appkit, enumerable: true })
  const options = readScriptOptions(script)
  if (options) appkit.init(options)
  if (queued)
    // Page data, checked by open() itself as any page's call is; its typed error is logged.
    drainPageQueue(queued, (...args) => appkit.open(...(args as [AppKitOpenOptions?])).catch(console.error))
  // <appkit-button> and its siblings: their code only for a page that uses one of the tags.
  const elements = __APPKIT_ELEMENTS__
  watchElementTags(() => appendScript({ ...elements, url: new URL(elements.file, script.src).href }))
}
