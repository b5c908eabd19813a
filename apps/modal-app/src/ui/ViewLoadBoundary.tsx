import { Component, type ReactNode } from 'react'
import { useT } from '../i18n/useT.ts'
import { log } from '../log.ts'
import { ViewChunkError } from '../views/lazyView.tsx'

/** What a view whose chunk did not arrive shows instead. */
function LoadFailed() {
  const t = useT()
  return (
    <section className="mk-view" data-testid="view-load-failed">
      <p className="mk-notice" role="alert">
        {t('view.loadFailed')}
      </p>
    </section>
  )
}

/**
 * A lazy view whose chunk could not be fetched (offline, or a deploy removed the old files while
 * this modal stayed open) shows a notice instead of taking the whole modal down: the header's back
 * and close still work, and every other view still opens. Opening the view again fetches its chunk
 * again (the failure is let go once caught here). Keyed by view, so another view starts clean.
 */
export class ViewLoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true }
  }

  override componentDidCatch(error: unknown): void {
    log.error('a view could not be loaded', error)
    if (error instanceof ViewChunkError) error.retry()
  }

  override render(): ReactNode {
    return this.state.failed ? <LoadFailed /> : this.props.children
  }
}
