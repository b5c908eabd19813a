import { EmailField } from '../../ui/EmailField.tsx'
import { ViewRoot } from '../../ui/ViewRoot.tsx'

/** Change the embedded wallet's e-mail (lazy feature `email`). */
export default function UpdateEmailWallet() {
  return (
    <ViewRoot name="UpdateEmailWallet">
      <EmailField label="New email" cta="Save" onSubmit={() => {}} />
    </ViewRoot>
  )
}
