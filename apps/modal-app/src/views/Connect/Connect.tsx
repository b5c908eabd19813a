import type { LoginSocial } from '@modalkit/protocol'
import { useAtomValue } from 'jotai/react'
import { lazy, Suspense } from 'react'
import { useT } from '../../i18n/useT.ts'
import { announcedWalletsAtom, optionsAtom } from '../../state/atoms.ts'
import { featuresAtom } from '../../state/derivedAtoms.ts'
import { offersAllWallets } from '../../state/walletList.ts'
import { EmailField } from '../../ui/EmailField.tsx'
import { GridIcon, WalletConnectIcon } from '../../ui/icons.tsx'
import { ListItem } from '../../ui/ListItem.tsx'
import { useViewActions } from '../../ui/ViewActionsContext.ts'
import { ViewRoot } from '../../ui/ViewRoot.tsx'
import { BrowserWallets } from './BrowserWallets.tsx'
import { ListedWallets } from './ListedWallets.tsx'
import { RecentWallets } from './RecentWallets.tsx'

// Lazy features (SPEC §1): the social buttons' chunk loads only when socials are on.
const SocialButtons = lazy(() => import('./SocialButtons.tsx'))

export function Connect() {
  const actions = useViewActions()
  const t = useT()
  const features = useAtomValue(featuresAtom)
  const { email, socials } = features
  // In a mobile wallet's in-app browser, that wallet is what the visitor came with: offer it first.
  const inApp = useAtomValue(announcedWalletsAtom).some((w) => w.inApp)
  const allWallets = offersAllWallets(useAtomValue(optionsAtom)?.allWallets ?? 'SHOW', actions.isMobile)
  const connectMethodsOrder = inApp
    ? (['wallet', ...features.connectMethodsOrder.filter((m) => m !== 'wallet')] as const)
    : features.connectMethodsOrder
  const sections = {
    email: email ? <EmailField key="email" onSubmit={(address) => actions.connectEmail(address)} /> : null,
    social:
      socials && socials.length > 0 ? (
        <Suspense key="social" fallback={<div className="mk-socials-placeholder" />}>
          <SocialButtons providers={socials as LoginSocial[]} />
        </Suspense>
      ) : null,
    wallet: (
      <div key="wallet" className="mk-list">
        <BrowserWallets />
        <RecentWallets />
        <ListedWallets />
        <ListItem
          icon={<WalletConnectIcon />}
          label="WalletConnect"
          tag={t('connect.qrCode')}
          onClick={() => actions.pickWalletConnect(undefined)}
          testId="wallet-walletconnect"
        />
        {allWallets ? (
          <ListItem
            icon={<GridIcon />}
            label={t('connect.allWallets')}
            onClick={() => actions.push('AllWallets')}
            testId="wallet-all"
          />
        ) : null}
      </div>
    ),
  }
  const ordered = connectMethodsOrder.map((method) => sections[method]).filter(Boolean)
  return (
    <ViewRoot name="Connect">
      {ordered.map((section, index) => (
        <div key={connectMethodsOrder[index]} className="mk-section">
          {index > 0 ? <div className="mk-divider">{t('connect.or')}</div> : null}
          {section}
        </div>
      ))}
    </ViewRoot>
  )
}
