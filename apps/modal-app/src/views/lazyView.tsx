import { type ComponentType, use } from 'react'
import { loadEnglishLater } from '../i18n/englishLater.ts'

/**
 * A view's chunk that did not arrive. The view that rendered it keeps this failure (React shows it
 * through the view's error boundary) until `retry`: the boundary calls it once it has caught it,
 * so the view's next opening fetches the chunk again.
 */
export class ViewChunkError extends Error {
  constructor(
    cause: unknown,
    readonly retry: () => void,
  ) {
    super('a view could not be loaded', { cause })
    this.name = 'ViewChunkError'
  }
}

/** How long a render keeps a chunk's failure when no error boundary has caught it (see `load`). */
const FAILURE_KEPT_MS = 1_000

/** A view in its own chunk: fetched by `preload` or `load` (once), rendered by `<LazyContent>`. */
export type LazyView = {
  /** Fetches the chunk ahead of need; a failure is forgotten at once (the next call tries again). */
  preload: () => Promise<void>
  /**
   * The chunk for a render: a failure stays until its error's `retry` (or a second has passed).
   * React renders a suspended view again once its promise settles: were the failure forgotten, that
   * render would fetch again, and a chunk that cannot arrive would be fetched without end (Chromium
   * retries failed module fetches since version 156) instead of showing the view's error.
   */
  load: () => Promise<void>
  /** The view's component once its chunk is there. */
  loaded: () => ComponentType | undefined
}

/**
 * A view in its own chunk. Unlike `React.lazy`, a chunk that was preloaded renders in the same
 * commit, with no fallback frame: the modal prefetches its views after it first opens, so a click
 * on any of them later paints at once.
 * @example lazyView(() => import('./AllWallets/AllWallets.tsx').then((m) => m.AllWallets))
 */
export function lazyView(fetchChunk: () => Promise<ComponentType>): LazyView {
  let component: ComponentType | undefined
  let pending: Promise<void> | undefined
  let failedAt: number | undefined
  const load = (): Promise<void> => {
    // A failure no render showed (the user left the view while it loaded) is let go after a moment,
    // so the next opening fetches again instead of showing an old failure.
    if (pending && failedAt !== undefined && Date.now() - failedAt > FAILURE_KEPT_MS) pending = undefined
    if (pending) return pending
    failedAt = undefined
    // With English's later messages (englishLater.ts): a view never renders before its words.
    const attempt: Promise<void> = Promise.all([fetchChunk(), loadEnglishLater()]).then(
      ([loaded]) => {
        component = loaded
      },
      (error: unknown) => {
        failedAt = Date.now()
        throw new ViewChunkError(error, () => {
          if (pending === attempt) pending = undefined
        })
      },
    )
    pending = attempt
    return attempt
  }
  return {
    load,
    preload: () =>
      load().catch((error: unknown) => {
        if (error instanceof ViewChunkError) error.retry()
        throw error
      }),
    loaded: () => component,
  }
}

/** Renders a lazy view; suspends (the Suspense fallback) only while its chunk is on its way. */
export function LazyContent({ view }: { view: LazyView }) {
  // `use` may be called conditionally (React's docs): only a view whose chunk is missing suspends.
  if (!view.loaded()) use(view.load())
  const Loaded = view.loaded()
  return Loaded ? <Loaded /> : null
}
