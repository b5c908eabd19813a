import type { View } from '@modalkit/protocol'
import { type ComponentType, lazy } from 'react'
import type { EffectiveFeatures } from '../state/effectiveFeatures.ts'
import { Account } from './Account/Account.tsx'
import { AllWallets } from './AllWallets/AllWallets.tsx'
import { ApproveTransaction } from './ApproveTransaction/ApproveTransaction.tsx'
import { Connect } from './Connect/Connect.tsx'
import { ConnectingExternal } from './ConnectingExternal/ConnectingExternal.tsx'
import { ConnectingFarcaster } from './ConnectingFarcaster/ConnectingFarcaster.tsx'
import { ConnectingWalletConnect } from './ConnectingWalletConnect/ConnectingWalletConnect.tsx'
import { ConnectingWalletConnectBasic } from './ConnectingWalletConnectBasic/ConnectingWalletConnectBasic.tsx'
import { ProfileWallets } from './ProfileWallets/ProfileWallets.tsx'
import { RegisterAccountName } from './RegisterAccountName/RegisterAccountName.tsx'
import { RegisterAccountNameSuccess } from './RegisterAccountNameSuccess/RegisterAccountNameSuccess.tsx'
import { SIWXSignMessage } from './SIWXSignMessage/SIWXSignMessage.tsx'
import { SwitchActiveChain } from './SwitchActiveChain/SwitchActiveChain.tsx'
import { SwitchNetwork } from './SwitchNetwork/SwitchNetwork.tsx'
import { UnsupportedChain } from './UnsupportedChain/UnsupportedChain.tsx'

type Feature = keyof EffectiveFeatures['features']

/** Views of lazy features (SPEC §1): their chunk is fetched only when the feature is on and the view shown. */
const LAZY: Partial<Record<View, { feature: Feature; component: ComponentType }>> = {
  EmailLogin: { feature: 'email', component: lazy(() => import('./EmailLogin/EmailLogin.tsx')) },
  UpdateEmailWallet: {
    feature: 'email',
    component: lazy(() => import('./UpdateEmailWallet/UpdateEmailWallet.tsx')),
  },
  Swap: { feature: 'swaps', component: lazy(() => import('./Swap/Swap.tsx')) },
}

const EAGER: Partial<Record<View, ComponentType>> = {
  Connect,
  Account,
  AllWallets,
  ConnectingWalletConnect,
  ConnectingWalletConnectBasic,
  ConnectingExternal,
  ConnectingFarcaster,
  ProfileWallets,
  SIWXSignMessage,
  ApproveTransaction,
  SwitchNetwork,
  SwitchActiveChain,
  RegisterAccountName,
  RegisterAccountNameSuccess,
  UnsupportedChain,
}

/** The component of a view, or `undefined` when its feature is off. */
export function viewComponent(
  view: View,
  features: EffectiveFeatures['features'],
): ComponentType | undefined {
  const lazyView = LAZY[view]
  if (lazyView) return features[lazyView.feature] ? lazyView.component : undefined
  return EAGER[view]
}
