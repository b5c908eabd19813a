/** The longest an idle callback may wait once the page has loaded (SPEC §9: preload within 2 s). */
const IDLE_TIMEOUT_MS = 2000

/**
 * Runs `task` once the page has finished loading and the main thread is idle, so the modal's
 * preload never competes with the site's own load (scripts, images, first paint, hydration).
 * Browsers without `requestIdleCallback` (Safari) get a macrotask after `load`.
 */
export function whenPageIdle(task: () => void, view: Window = window): void {
  const schedule = () => {
    if (typeof view.requestIdleCallback === 'function')
      view.requestIdleCallback(() => task(), { timeout: IDLE_TIMEOUT_MS })
    else view.setTimeout(task, 1)
  }
  if (view.document.readyState === 'complete') schedule()
  else view.addEventListener('load', schedule, { once: true })
}
