import { ViewRoot } from '../../ui/ViewRoot.tsx'
import { NetworkList } from './NetworkList.tsx'

export function SwitchNetwork() {
  return (
    <ViewRoot name="SwitchNetwork">
      <NetworkList />
    </ViewRoot>
  )
}
