import { type ComponentType, use } from 'react'

/** A view in its own chunk: fetched by `preload` (once), rendered by `<LazyContent>`. */
export type LazyView = {
  preload: () => Promise<void>
  /** The view's component once its chunk is there. */
  loaded: () => ComponentType | undefined
}

/**
 * A view in its own chunk. Unlike `React.lazy`, a chunk that was preloaded renders in the same
 * commit, with no fallback frame: the modal prefetches its views after it first opens, so a click
 * on any of them later paints at once.
 * @example lazyView(() => import('./AllWallets/AllWallets.tsx').then((m) => m.AllWallets))
 */
export function lazyView(load: () => Promise<ComponentType>): LazyView {
  let component: ComponentType | undefined
  let pending: Promise<void> | undefined
  return {
    preload() {
      pending ??= load().then(
        (loaded) => {
          component = loaded
        },
        (error: unknown) => {
          pending = undefined // a failed fetch (offline) is tried again by the next render
          throw error
        },
      )
      return pending
    },
    loaded: () => component,
  }
}

/** Renders a lazy view; suspends (the Suspense fallback) only while its chunk is on its way. */
export function LazyContent({ view }: { view: LazyView }) {
  // `use` may be called conditionally (React's docs): only a view whose chunk is missing suspends.
  if (!view.loaded()) use(view.preload())
  const Loaded = view.loaded()
  return Loaded ? <Loaded /> : null
}
