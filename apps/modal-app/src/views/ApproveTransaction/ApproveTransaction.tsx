import { useT } from '../../i18n/useT.ts'
import { ViewRoot } from '../../ui/ViewRoot.tsx'

/**
 * Waiting for the secure frame: it shows the approval itself, laid over the modal's body by
 * `SecureFrameSlot` as soon as it is ready (SECURITY.md: approvals are clicked in the secure origin).
 */
export function ApproveTransaction() {
  const t = useT()
  return (
    <ViewRoot name="ApproveTransaction">
      <div className="mk-spinner" aria-hidden="true" />
      <p className="mk-hint">{t('approve.hint')}</p>
    </ViewRoot>
  )
}
