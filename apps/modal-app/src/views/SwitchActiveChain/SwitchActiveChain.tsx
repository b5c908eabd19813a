import { ViewRoot } from '../../ui/ViewRoot.tsx'

export function SwitchActiveChain() {
  return (
    <ViewRoot name="SwitchActiveChain">
      <p className="mk-hint">Connecting to another chain family keeps your other wallets connected.</p>
    </ViewRoot>
  )
}
