import { APPKIT_ELEMENT_TAGS } from './elementTags.ts'

const SELECTOR = APPKIT_ELEMENT_TAGS.join(',')

/**
 * Calls `found` once, as soon as the page uses one of AppKit's custom elements: checked after
 * DOMContentLoaded, then watched by a MutationObserver (a framework may render the tag later). The
 * elements' code is loaded only then, so a page without them pays nothing but this check.
 */
export function watchElementTags(found: () => void): void {
  let done = false
  const hit = () => {
    if (done) return
    done = true
    observer.disconnect()
    found()
  }
  const observer = new MutationObserver(() => {
    if (document.querySelector(SELECTOR)) hit()
  })
  const start = () => {
    if (document.querySelector(SELECTOR)) return hit()
    observer.observe(document.documentElement, { childList: true, subtree: true })
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true })
  else start()
}
