import { useT } from '../../i18n/useT.ts'
import { ViewRoot } from '../../ui/ViewRoot.tsx'
import { NetworkList } from '../SwitchNetwork/NetworkList.tsx'

export function UnsupportedChain() {
  const t = useT()
  return (
    <ViewRoot name="UnsupportedChain">
      <p className="mk-notice" role="note">
        {t('unsupportedChain.notice')}
      </p>
      <NetworkList />
    </ViewRoot>
  )
}
