import { useAtomValue } from 'jotai/react'
import { selectedNetworkIdAtom } from '../../state/atoms.ts'
import { useController } from '../../ui/ControllerContext.ts'
import { ChainIcon } from '../../ui/icons.tsx'
import { ListItem } from '../../ui/ListItem.tsx'

/** The configured networks; choosing one switches to it. */
export function NetworkList() {
  const controller = useController()
  const selected = useAtomValue(selectedNetworkIdAtom)
  return (
    <div className="mk-list">
      {controller.networks().map((network) => (
        <ListItem
          key={network.caipNetworkId}
          icon={<ChainIcon label={network.name} />}
          label={network.name}
          tag={network.caipNetworkId === selected ? 'ACTIVE' : network.testnet ? 'TESTNET' : undefined}
          selected={network.caipNetworkId === selected}
          onClick={() => void controller.pickNetwork(network.caipNetworkId)}
          testId={`network-${network.caipNetworkId}`}
        />
      ))}
    </div>
  )
}
