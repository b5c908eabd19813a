import { ViewRoot } from '../../ui/ViewRoot.tsx'

export function RegisterAccountNameSuccess() {
  return (
    <ViewRoot name="RegisterAccountNameSuccess">
      <p className="mk-hint">Your name is registered.</p>
    </ViewRoot>
  )
}
