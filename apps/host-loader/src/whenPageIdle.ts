/** The longest an idle callback may wait once the page has loaded (SPEC §9: preload within 2 s). */
const IDLE_TIMEOUT_MS = 2000

/**
 * Runs `task` once the page has finished loading and the main thread is idle, so the modal's
 * preload never competes with the site's own load (scripts, images, first paint, hydration).
 * Browsers without `requestIdleCallback` (Safari) get a macrotask after `load`.
 * @returns A function that cancels the task if it has not run yet.
 */
export function whenPageIdle(task: () => void, view: Window = window): () => void {
  let cancelled = false
  let cancelIdle: (() => void) | undefined
  const schedule = () => {
    if (cancelled) return
    if (typeof view.requestIdleCallback === 'function') {
      const id = view.requestIdleCallback(() => task(), { timeout: IDLE_TIMEOUT_MS })
      cancelIdle = () => view.cancelIdleCallback(id)
    } else {
      const id = view.setTimeout(task, 1)
      cancelIdle = () => view.clearTimeout(id)
    }
  }
  if (view.document.readyState === 'complete') schedule()
  else view.addEventListener('load', schedule, { once: true })
  return () => {
    cancelled = true
    view.removeEventListener('load', schedule)
    cancelIdle?.()
  }
}
