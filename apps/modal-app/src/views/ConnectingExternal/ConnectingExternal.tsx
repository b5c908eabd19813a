import { ViewRoot } from '../../ui/ViewRoot.tsx'

export function ConnectingExternal() {
  return (
    <ViewRoot name="ConnectingExternal">
      <div className="mk-spinner" aria-hidden="true" />
      <p className="mk-hint">Continue in your wallet</p>
    </ViewRoot>
  )
}
