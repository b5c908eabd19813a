import { ViewRoot } from '../../ui/ViewRoot.tsx'
import { QrPanel } from '../ConnectingWalletConnect/QrPanel.tsx'

export function ConnectingFarcaster() {
  return (
    <ViewRoot name="ConnectingFarcaster">
      <QrPanel uri={undefined} />
    </ViewRoot>
  )
}
