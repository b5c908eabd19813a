import { useT } from '../../i18n/useT.ts'
import { GridIcon } from '../../ui/icons.tsx'
import { ListItem } from '../../ui/ListItem.tsx'
import { useViewActions } from '../../ui/ViewActionsContext.ts'
import { ViewRoot } from '../../ui/ViewRoot.tsx'
import { QrPanel } from '../ConnectingWalletConnect/QrPanel.tsx'

/** Desktop without adapters, or manual control: WalletConnect only (SPEC §2). */
export function ConnectingWalletConnectBasic() {
  const actions = useViewActions()
  const t = useT()
  return (
    <ViewRoot name="ConnectingWalletConnectBasic">
      <QrPanel />
      <ListItem
        icon={<GridIcon />}
        label={t('connect.allWallets')}
        onClick={() => actions.push('AllWallets')}
      />
    </ViewRoot>
  )
}
