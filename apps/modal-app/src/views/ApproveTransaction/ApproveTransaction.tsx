import { ViewRoot } from '../../ui/ViewRoot.tsx'

/** The approval itself is drawn by the secure frame over this view (SECURITY.md). */
export function ApproveTransaction() {
  return (
    <ViewRoot name="ApproveTransaction">
      <div className="mk-spinner" aria-hidden="true" />
      <p className="mk-hint">Review the request in the secure window</p>
    </ViewRoot>
  )
}
