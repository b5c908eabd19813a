import { useAtomValue } from 'jotai/react'
import { useState } from 'react'
import { useT } from '../../i18n/useT.ts'
import { networksAtom } from '../../state/atoms.ts'
import { activeAccountAtom } from '../../state/derivedAtoms.ts'
import { NetworkIcon } from '../../ui/NetworkIcon.tsx'
import { useViewActions } from '../../ui/ViewActionsContext.ts'
import { ViewRoot } from '../../ui/ViewRoot.tsx'
import { QrCode } from '../ConnectingWalletConnect/QrCode.tsx'

/**
 * Receive: the active account's address as a QR code and text with a copy button, and the
 * configured networks of its namespace, on each of which the same address receives.
 */
export default function WalletReceive() {
  const actions = useViewActions()
  const t = useT()
  const account = useAtomValue(activeAccountAtom)
  const networks = useAtomValue(networksAtom)
  const [copied, setCopied] = useState(false)
  const address = account?.status === 'connected' ? account.address : undefined
  if (!address || !account) return <ViewRoot name="WalletReceive">{null}</ViewRoot>
  const on = networks.filter((n) => n.chainNamespace === account.namespace)
  const copy = () =>
    navigator.clipboard.writeText(address).then(
      () => {
        setCopied(true)
        actions.showToast('success', t('receive.copied'))
      },
      () => actions.showToast('error', t('receive.copyFailed')),
    )
  return (
    <ViewRoot name="WalletReceive">
      <QrCode value={address} size={220} label={t('receive.qr', { address })} testId="receive-qr" />
      <p className="mk-address" data-testid="receive-address">
        {address}
      </p>
      <button type="button" className="mk-button" onClick={() => void copy()} data-testid="receive-copy">
        {copied ? t('receive.copied') : t('receive.copy')}
      </button>
      <p className="mk-row-sub">{t('receive.networks')}</p>
      <ul className="mk-list" data-testid="receive-networks">
        {on.map((n) => (
          <li key={n.caipNetworkId} className="mk-row" data-testid="receive-network">
            <NetworkIcon network={n} />
            <span className="mk-row-label">{n.name}</span>
          </li>
        ))}
      </ul>
    </ViewRoot>
  )
}
