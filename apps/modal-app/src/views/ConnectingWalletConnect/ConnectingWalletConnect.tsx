import { ViewRoot } from '../../ui/ViewRoot.tsx'
import { QrPanel } from './QrPanel.tsx'

export function ConnectingWalletConnect() {
  return (
    <ViewRoot name="ConnectingWalletConnect">
      <QrPanel />
    </ViewRoot>
  )
}
