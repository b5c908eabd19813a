/**
 * The one-line stub a site may put before its script tag (docs/embedding.md, "A click before appkit.js runs";
 * the demo's queued.html), so its Connect button works from the page's first paint: `open()` calls
 * made before appkit.js ran wait in `q`, and appkit.js opens the modal for them.
 */
export type PageQueue = { q: unknown }

/** The page's stub, if `value` is one: something whose `q` is an array. */
export function pageQueue(value: unknown): PageQueue | undefined {
  return Array.isArray((value as PageQueue | undefined)?.q) ? (value as PageQueue) : undefined
}

/**
 * Opens the modal for each `open` the stub queued (with its arguments, which `open()` checks as any
 * call's), then for each one it queues later: a page that kept the stub's `open` still reaches the
 * modal. Entries are page data: anything but `['open', [...arguments]]` is ignored.
 */
export function drainPageQueue(queue: PageQueue, open: (...args: unknown[]) => void): void {
  const take = (entry: unknown) => {
    if (Array.isArray(entry) && entry[0] === 'open' && Array.isArray(entry[1])) open(...entry[1])
  }
  for (const entry of queue.q as unknown[]) take(entry)
  queue.q = { push: take }
}
