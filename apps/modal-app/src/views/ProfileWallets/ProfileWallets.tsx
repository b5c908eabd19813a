import type { Namespace } from '@modalkit/protocol'
import { truncateAddress } from '@modalkit/shared'
import { useAtomValue } from 'jotai/react'
import { useT } from '../../i18n/useT.ts'
import { accountsAtom } from '../../state/atoms.ts'
import { connectionsAtom } from '../../state/connections.ts'
import { featuresAtom } from '../../state/derivedAtoms.ts'
import { CHAIN_FAMILY_NAMES } from '../../state/needsActiveChainSwitch.ts'
import { ListItem } from '../../ui/ListItem.tsx'
import { useViewActions } from '../../ui/ViewActionsContext.ts'
import { ViewRoot } from '../../ui/ViewRoot.tsx'
import { WalletIcon } from '../../ui/WalletIcon.tsx'

/**
 * The connected wallets per chain family (SPEC §2, multiWallet): one is active in each, the others
 * stay connected; pick one to make it active, disconnect any, or add another wallet.
 */
export function ProfileWallets() {
  const actions = useViewActions()
  const t = useT()
  const connections = useAtomValue(connectionsAtom)
  const accounts = useAtomValue(accountsAtom)
  const features = useAtomValue(featuresAtom)
  if (!features.multiWallet) {
    return (
      <ViewRoot name="ProfileWallets">
        <p className="mk-notice" role="note" data-testid="multiwallet-notice">
          {t('account.wallets.notEnabled')}
        </p>
      </ViewRoot>
    )
  }
  const namespaces = [...new Set(connections.map((c) => c.namespace))]
  const activeId = (namespace: Namespace) =>
    accounts.find((a) => a.namespace === namespace && a.status === 'connected')?.connectorId
  return (
    <ViewRoot name="ProfileWallets">
      {namespaces.length === 0 ? <p className="mk-empty">{t('account.wallets.none')}</p> : null}
      {namespaces.map((namespace) => (
        <section key={namespace} className="mk-section" data-testid={`profile-${namespace}`}>
          <h3 className="mk-section-title">{CHAIN_FAMILY_NAMES[namespace]}</h3>
          <div className="mk-list">
            {connections
              .filter((c) => c.namespace === namespace)
              .map((c) => {
                const active = activeId(namespace) === c.connectorId
                const key = `${namespace}-${c.connectorId}`
                return (
                  <div key={key} className="mk-profile-row">
                    <ListItem
                      icon={<WalletIcon wallet={c} />}
                      label={c.name}
                      sub={truncateAddress(c.account.address ?? '')}
                      tag={active ? t('account.wallets.active') : undefined}
                      selected={active}
                      onClick={
                        active ? undefined : () => actions.activateConnection(namespace, c.connectorId)
                      }
                      testId={`profile-wallet-${key}`}
                    />
                    <button
                      type="button"
                      className="mk-button mk-button-small mk-button-secondary"
                      aria-label={t('account.wallets.disconnectWallet', { wallet: c.name })}
                      onClick={() => void actions.disconnectConnection(namespace, c.connectorId)}
                      data-testid={`profile-disconnect-${key}`}
                    >
                      {t('account.wallets.disconnect')}
                    </button>
                  </div>
                )
              })}
          </div>
        </section>
      ))}
      <button
        type="button"
        className="mk-button"
        onClick={() => actions.push('Connect')}
        data-testid="profile-add-wallet"
      >
        {t('account.wallets.add')}
      </button>
    </ViewRoot>
  )
}
