import type { View } from '@modalkit/protocol'

/**
 * Reown AppKit's `open({ view })` names (its `Views` type) onto SPEC §2's views. `undefined` would open
 * the view SPEC §2 picks (Account when connected, else Connect). A SPEC view name is taken as it is.
 */
export const APPKIT_VIEWS = {
  Account: 'Account',
  Connect: 'Connect',
  Networks: 'SwitchNetwork',
  ApproveTransaction: 'ApproveTransaction',
  OnRampProviders: 'OnRampProviders',
  ConnectingWalletConnectBasic: 'ConnectingWalletConnectBasic',
  Swap: 'Swap',
  // Our networks list is where a network is explained; our Connect view lists what a wallet is.
  WhatIsAWallet: 'Connect',
  WhatIsANetwork: 'SwitchNetwork',
  AllWallets: 'AllWallets',
  WalletSend: 'WalletSend',
  ProfileWallets: 'ProfileWallets',
} as const satisfies Record<string, View | undefined>

export type AppKitView = keyof typeof APPKIT_VIEWS
