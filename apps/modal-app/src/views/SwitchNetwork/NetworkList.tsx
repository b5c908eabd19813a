import { useAtomValue } from 'jotai/react'
import { useT } from '../../i18n/useT.ts'
import { networksAtom, selectedNetworkIdAtom } from '../../state/atoms.ts'
import { ListItem } from '../../ui/ListItem.tsx'
import { NetworkIcon } from '../../ui/NetworkIcon.tsx'
import { useViewActions } from '../../ui/ViewActionsContext.ts'

/** The configured networks; choosing one switches to it. */
export function NetworkList() {
  const actions = useViewActions()
  const t = useT()
  const selected = useAtomValue(selectedNetworkIdAtom)
  const networks = useAtomValue(networksAtom)
  return (
    <div className="mk-list">
      {networks.map((network) => (
        <ListItem
          key={network.caipNetworkId}
          icon={<NetworkIcon network={network} />}
          label={network.name}
          tag={
            network.caipNetworkId === selected
              ? t('networks.active')
              : network.testnet
                ? t('networks.testnet')
                : undefined
          }
          selected={network.caipNetworkId === selected}
          onClick={() => void actions.pickNetwork(network.caipNetworkId)}
          testId={`network-${network.caipNetworkId}`}
        />
      ))}
    </div>
  )
}
