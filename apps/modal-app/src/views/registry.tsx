import type { View } from '@modalkit/protocol'
import type { ComponentType, ReactNode } from 'react'
import type { EffectiveFeatures } from '../state/effectiveFeatures.ts'
import { Connect } from './Connect/Connect.tsx'
import { LazyContent, type LazyView, lazyView } from './lazyView.tsx'

type Feature = keyof EffectiveFeatures['features']

/** Views of lazy features (SPEC §1): their chunk is fetched only when the feature is on and the view shown. */
const FEATURE_VIEWS: Partial<Record<View, { feature: Feature; view: LazyView }>> = {
  EmailLogin: {
    feature: 'email',
    view: lazyView(() => import('./EmailLogin/EmailLogin.tsx').then((m) => m.default)),
  },
  UpdateEmailWallet: {
    feature: 'email',
    view: lazyView(() => import('./UpdateEmailWallet/UpdateEmailWallet.tsx').then((m) => m.default)),
  },
  Swap: { feature: 'swaps', view: lazyView(() => import('./Swap/Swap.tsx').then((m) => m.default)) },
  OnRampProviders: {
    feature: 'onramp',
    view: lazyView(() => import('./OnRampProviders/OnRampProviders.tsx').then((m) => m.default)),
  },
  BuyInProgress: {
    feature: 'onramp',
    view: lazyView(() => import('./BuyInProgress/BuyInProgress.tsx').then((m) => m.default)),
  },
  WalletSend: {
    feature: 'send',
    view: lazyView(() => import('./WalletSend/WalletSend.tsx').then((m) => m.default)),
  },
  WalletSendSelectToken: {
    feature: 'send',
    view: lazyView(() => import('./WalletSendSelectToken/WalletSendSelectToken.tsx').then((m) => m.default)),
  },
  WalletSendPreview: {
    feature: 'send',
    view: lazyView(() => import('./WalletSendPreview/WalletSendPreview.tsx').then((m) => m.default)),
  },
  WalletReceive: {
    feature: 'receive',
    view: lazyView(() => import('./WalletReceive/WalletReceive.tsx').then((m) => m.default)),
  },
  Pay: {
    feature: 'pay',
    view: lazyView(() => import('./Pay/Pay.tsx').then((m) => m.default)),
  },
}

/**
 * The first view of a visitor (Connect) is in the modal's first chunk; every other view is a chunk
 * of its own, prefetched once the modal has first opened (`prefetchViews`), so the bytes before the
 * first click are the first view's only (the size budget in docs/benchmarks.md). Account, the
 * first view once connected, is fetched as soon as an account is (`preloadAccount`).
 */
const EAGER: Partial<Record<View, ComponentType>> = { Connect }

const ACCOUNT = lazyView(() => import('./Account/Account.tsx').then((m) => m.Account))

/** Fetches the Account view's chunk: an account is connected, so it is the view `open()` shows. */
export function preloadAccount(): Promise<void> {
  return ACCOUNT.preload().catch(() => {})
}

const LAZY: Partial<Record<View, LazyView>> = {
  Account: ACCOUNT,
  AllWallets: lazyView(() => import('./AllWallets/AllWallets.tsx').then((m) => m.AllWallets)),
  ConnectingWalletConnect: lazyView(() =>
    import('./ConnectingWalletConnect/ConnectingWalletConnect.tsx').then((m) => m.ConnectingWalletConnect),
  ),
  ConnectingWalletConnectBasic: lazyView(() =>
    import('./ConnectingWalletConnectBasic/ConnectingWalletConnectBasic.tsx').then(
      (m) => m.ConnectingWalletConnectBasic,
    ),
  ),
  ConnectingExternal: lazyView(() =>
    import('./ConnectingExternal/ConnectingExternal.tsx').then((m) => m.ConnectingExternal),
  ),
  ConnectingFarcaster: lazyView(() =>
    import('./ConnectingFarcaster/ConnectingFarcaster.tsx').then((m) => m.ConnectingFarcaster),
  ),
  ProfileWallets: lazyView(() => import('./ProfileWallets/ProfileWallets.tsx').then((m) => m.ProfileWallets)),
  SIWXSignMessage: lazyView(() =>
    import('./SIWXSignMessage/SIWXSignMessage.tsx').then((m) => m.SIWXSignMessage),
  ),
  ApproveTransaction: lazyView(() =>
    import('./ApproveTransaction/ApproveTransaction.tsx').then((m) => m.ApproveTransaction),
  ),
  SwitchNetwork: lazyView(() => import('./SwitchNetwork/SwitchNetwork.tsx').then((m) => m.SwitchNetwork)),
  SwitchActiveChain: lazyView(() =>
    import('./SwitchActiveChain/SwitchActiveChain.tsx').then((m) => m.SwitchActiveChain),
  ),
  RegisterAccountName: lazyView(() =>
    import('./RegisterAccountName/RegisterAccountName.tsx').then((m) => m.RegisterAccountName),
  ),
  RegisterAccountNameSuccess: lazyView(() =>
    import('./RegisterAccountNameSuccess/RegisterAccountNameSuccess.tsx').then(
      (m) => m.RegisterAccountNameSuccess,
    ),
  ),
  UnsupportedChain: lazyView(() =>
    import('./UnsupportedChain/UnsupportedChain.tsx').then((m) => m.UnsupportedChain),
  ),
}

/** A view's content, or `undefined` when its feature is off (SPEC §1). */
export function renderView(view: View, features: EffectiveFeatures['features']): ReactNode | undefined {
  const featureView = FEATURE_VIEWS[view]
  if (featureView) return features[featureView.feature] ? <LazyContent view={featureView.view} /> : undefined
  const Eager = EAGER[view]
  if (Eager) return <Eager />
  const lazy = LAZY[view]
  return lazy ? <LazyContent view={lazy} /> : undefined
}

/** Fetches every view's chunk (the enabled features' too), in idle time: call after the first open. */
export function prefetchViews(features: EffectiveFeatures['features']): Promise<void> {
  const views = [
    ...Object.values(LAZY),
    ...Object.values(FEATURE_VIEWS).flatMap((entry) => (features[entry.feature] ? [entry.view] : [])),
  ]
  return Promise.all(views.map((view) => view.preload().catch(() => {}))).then(() => {})
}
