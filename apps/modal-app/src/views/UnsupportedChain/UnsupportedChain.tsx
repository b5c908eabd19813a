import { ViewRoot } from '../../ui/ViewRoot.tsx'
import { NetworkList } from '../SwitchNetwork/NetworkList.tsx'

export function UnsupportedChain() {
  return (
    <ViewRoot name="UnsupportedChain">
      <p className="mk-notice" role="note">
        This app doesn't support your current network. Switch to an available option to continue.
      </p>
      <NetworkList />
    </ViewRoot>
  )
}
