import type { createAppKit } from './createAppKit.ts'

/** What the core (stage 2) hands the first stage: the factory of the full `window.appkit`. */
export type CoreFactory = typeof createAppKit

/**
 * The event the core's script fires on its own `<script>` element (`document.currentScript`) to hand
 * over its factory: the first stage listens on the element it created, so the handoff needs no global
 * (the loader promises a site nothing global but `window.appkit`) and does not bubble to the page.
 */
export const CORE_EVENT = 'appkit:core'
