import { EMBEDDED_CONNECTOR_ID } from '@modalkit/protocol'
import { formatBalance, formatUnits, hidesBalance, truncateAddress } from '@modalkit/shared'
import { useAtom, useAtomValue } from 'jotai/react'
import { lazy, Suspense, useEffect } from 'react'
import { useT } from '../../i18n/useT.ts'
import { accountsAtom, accountTabAtom, hostOriginAtom } from '../../state/atoms.ts'
import { activeAccountAtom, featuresAtom, selectedNetworkAtom } from '../../state/derivedAtoms.ts'
import { profileNameAtom } from '../../state/names/profileName.ts'
import { nativeBalanceAtom } from '../../state/nativeBalance.ts'
import { rotatingRecoveryAtom } from '../../state/rotateRecovery.ts'
import { smartAccountNetworksAtom } from '../../state/smartAccountNetworks.ts'
import { AccountAvatar } from '../../ui/AccountAvatar.tsx'
import { useViewActions } from '../../ui/ViewActionsContext.ts'
import { ViewRoot } from '../../ui/ViewRoot.tsx'
import { NftsTab } from './NftsTab.tsx'
import { TokensTab } from './TokensTab.tsx'

const ActivityTab = lazy(() => import('./ActivityTab.tsx'))
const TABS = ['Tokens', 'NFTs', 'Activity'] as const

export function Account() {
  const actions = useViewActions()
  const t = useT()
  const account = useAtomValue(activeAccountAtom)
  const balance = useAtomValue(nativeBalanceAtom)
  const network = useAtomValue(selectedNetworkAtom)
  const features = useAtomValue(featuresAtom)
  const profile = useAtomValue(profileNameAtom)
  const identity = profile?.caipAddress === account?.caipAddress ? profile : undefined
  const name = identity?.name ?? undefined
  const shown = balance && balance.caipAddress === account?.caipAddress ? balance : undefined
  const [tab, setTab] = useAtom(accountTabAtom)
  const rotating = useAtomValue(rotatingRecoveryAtom)
  const smartNetworks = useAtomValue(smartAccountNetworksAtom)
  const site = useAtomValue(hostOriginAtom)
  // The embedded wallet lists a Bitcoin account only once the user shared its address with the site.
  const sharesBitcoin =
    useAtomValue(accountsAtom).some(
      (a) => a.namespace === 'bip122' && a.connectorId === EMBEDDED_CONNECTOR_ID,
    ) && actions.embeddedConnected()
  // The embedded wallet's EVM account is its EOA or its smart account, switched here.
  const embeddedEvm =
    account?.status === 'connected' && account.namespace === 'eip155' && actions.embeddedConnected()
  const canSwitch = embeddedEvm && network !== undefined && smartNetworks.includes(network.caipNetworkId)
  const isSmart = account?.type === 'smartAccount'
  const tabs = TABS.filter((id) => id !== 'Activity' || features.activity)
  const shownTab = tabs.includes(tab) ? tab : 'Tokens'
  // Balances and NFTs of the active account on the selected network, read anew when either changes.
  const key = account?.status === 'connected' ? `${network?.caipNetworkId}|${account.address}` : undefined
  useEffect(() => {
    if (!key) return
    void actions.accountData.loadTokens()
    void actions.accountData.loadNfts()
    void actions.refreshProfileName()
  }, [actions, key])
  return (
    <ViewRoot name="Account">
      <div className="mk-account-head">
        <AccountAvatar avatar={identity?.avatar} seed={account?.address ?? ''} size={64} />
        <p className="mk-address" data-testid="account-identity">
          {name ?? (account?.address ? truncateAddress(account.address) : t('account.notConnected'))}
        </p>
        {account?.status === 'connected' && account.namespace === 'eip155' && !name ? (
          <button
            type="button"
            className="mk-button mk-button-small mk-button-secondary"
            onClick={() => actions.push('RegisterAccountName')}
            data-testid="account-choose-name"
          >
            {t('account.chooseName')}
          </button>
        ) : null}
        {shown ? (
          <p className="mk-balance" data-testid="account-balance" data-value={shown.value}>
            {formatBalance(formatUnits(BigInt(shown.value), shown.decimals), shown.symbol, {
              testnet: hidesBalance(network),
            })}
          </p>
        ) : null}
        {embeddedEvm ? (
          <p className="mk-account-type" data-testid="account-type">
            {isSmart ? t('account.typeSmart') : t('account.typeEoa')}
          </p>
        ) : null}
        <button
          type="button"
          className="mk-network-button"
          onClick={() => actions.push('SwitchNetwork')}
          data-testid="account-network"
        >
          {network?.name ?? t('account.selectNetwork')}
        </button>
      </div>
      <div className="mk-account-actions">
        {features.send ? (
          <button
            type="button"
            className="mk-button mk-button-small"
            onClick={() => actions.push('WalletSend')}
            data-testid="account-send"
          >
            {t('account.send')}
          </button>
        ) : null}
        {features.receive ? (
          <button
            type="button"
            className="mk-button mk-button-small"
            onClick={() => actions.push('WalletReceive')}
            data-testid="account-receive"
          >
            {t('account.receive')}
          </button>
        ) : null}
      </div>
      <div className="mk-tabs" role="tablist">
        {tabs.map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            aria-selected={shownTab === id}
            className="mk-tab"
            onClick={() => setTab(id)}
            data-testid={`tab-${id}`}
          >
            {t(`account.tab.${id}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="mk-tabpanel" data-testid={`tabpanel-${shownTab}`}>
        {shownTab === 'Tokens' ? <TokensTab /> : null}
        {shownTab === 'NFTs' ? <NftsTab /> : null}
        {shownTab === 'Activity' ? (
          <Suspense fallback={<p className="mk-empty">{t('account.loading')}</p>}>
            <ActivityTab />
          </Suspense>
        ) : null}
      </div>
      {features.swaps ? (
        <button
          type="button"
          className="mk-button mk-button-secondary"
          onClick={() => actions.push('Swap')}
          data-testid="account-swap"
        >
          {t('account.swap')}
        </button>
      ) : null}
      {features.onramp ? (
        <button
          type="button"
          className="mk-button mk-button-secondary"
          onClick={() => actions.push('OnRampProviders')}
          data-testid="account-buy"
        >
          {t('account.buy')}
        </button>
      ) : null}
      <button
        type="button"
        className="mk-button mk-button-secondary"
        onClick={() => actions.push('ProfileWallets')}
        data-testid="account-wallets"
      >
        {t('account.openWallets')}
      </button>
      {canSwitch || (embeddedEvm && isSmart) ? (
        <button
          type="button"
          className="mk-button mk-button-secondary"
          onClick={() => void actions.switchAccountType(isSmart ? 'eoa' : 'smartAccount')}
          data-testid="account-switch-type"
        >
          {isSmart ? t('account.switchToEoa') : t('account.switchToSmart')}
        </button>
      ) : null}
      {actions.embeddedEmail() ? (
        <button
          type="button"
          className="mk-button mk-button-secondary"
          onClick={() => actions.push('UpdateEmailWallet')}
          data-testid="account-update-email"
        >
          {t('account.updateEmail')}
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
          {rotating ? t('account.recovery.saving') : t('account.recovery.rotate')}
        </button>
      ) : null}
      {sharesBitcoin && site ? (
        <button
          type="button"
          className="mk-button mk-button-secondary"
          onClick={() => void actions.stopSharingBitcoin()}
          data-testid="account-stop-sharing-bitcoin"
        >
          {t('account.bitcoin.stopSharing', { site })}
        </button>
      ) : null}
      <button
        type="button"
        className="mk-button mk-button-secondary"
        onClick={() => void actions.disconnectAll()}
        data-testid="account-disconnect"
      >
        {t('account.disconnect')}
      </button>
    </ViewRoot>
  )
}
