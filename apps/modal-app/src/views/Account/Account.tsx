import { formatBalance, formatUnits, truncateAddress } from '@modalkit/shared'
import { useAtom, useAtomValue } from 'jotai/react'
import { lazy, Suspense } from 'react'
import { accountTabAtom } from '../../state/atoms.ts'
import { activeAccountAtom, featuresAtom, selectedNetworkAtom } from '../../state/derivedAtoms.ts'
import { nativeBalanceAtom } from '../../state/nativeBalance.ts'
import { rotatingRecoveryAtom } from '../../state/rotateRecovery.ts'
import { useViewActions } from '../../ui/ViewActionsContext.ts'
import { ViewRoot } from '../../ui/ViewRoot.tsx'

const ActivityTab = lazy(() => import('./ActivityTab.tsx'))
const TABS = ['Tokens', 'NFTs', 'Activity'] as const

export function Account() {
  const actions = useViewActions()
  const account = useAtomValue(activeAccountAtom)
  const balance = useAtomValue(nativeBalanceAtom)
  const network = useAtomValue(selectedNetworkAtom)
  const features = useAtomValue(featuresAtom)
  const shown = balance && balance.caipAddress === account?.caipAddress ? balance : undefined
  const [tab, setTab] = useAtom(accountTabAtom)
  const rotating = useAtomValue(rotatingRecoveryAtom)
  const tabs = TABS.filter((t) => t !== 'Activity' || features.activity)
  return (
    <ViewRoot name="Account">
      <div className="mk-account-head">
        <div className="mk-avatar" aria-hidden="true" />
        <p className="mk-address">{account?.address ? truncateAddress(account.address) : 'Not connected'}</p>
        {shown ? (
          <p className="mk-balance" data-testid="account-balance" data-value={shown.value}>
            {formatBalance(formatUnits(BigInt(shown.value), shown.decimals), shown.symbol, {
              testnet: network?.testnet === true,
            })}
          </p>
        ) : null}
      </div>
      <div className="mk-tabs" role="tablist">
        {tabs.map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={tab === t}
            className="mk-tab"
            onClick={() => setTab(t)}
            data-testid={`tab-${t}`}
          >
            {t}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="mk-tabpanel" data-testid={`tabpanel-${tab}`}>
        {tab === 'Tokens' ? <p className="mk-empty">No tokens yet</p> : null}
        {tab === 'NFTs' ? <p className="mk-empty">No NFTs yet</p> : null}
        {tab === 'Activity' ? (
          <Suspense fallback={<p className="mk-empty">Loading…</p>}>
            <ActivityTab />
          </Suspense>
        ) : null}
      </div>
      <button
        type="button"
        className="mk-button mk-button-secondary"
        onClick={() => actions.push('ProfileWallets')}
        data-testid="account-wallets"
      >
        Wallets
      </button>
      {actions.embeddedEmail() ? (
        <button
          type="button"
          className="mk-button mk-button-secondary"
          onClick={() => actions.push('UpdateEmailWallet')}
          data-testid="account-update-email"
        >
          Update email
        </button>
      ) : null}
      {actions.embeddedConnected() ? (
        <button
          type="button"
          className="mk-button mk-button-secondary"
          onClick={() => void actions.rotateRecovery()}
          disabled={rotating}
          aria-busy={rotating}
          data-testid="account-rotate-recovery"
        >
          {rotating ? 'Saving new recovery text…' : 'New recovery text'}
        </button>
      ) : null}
      <button
        type="button"
        className="mk-button mk-button-secondary"
        onClick={() => void actions.disconnectAll()}
        data-testid="account-disconnect"
      >
        Disconnect
      </button>
    </ViewRoot>
  )
}
