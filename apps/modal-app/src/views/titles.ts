import type { View } from '@modalkit/protocol'

/** Header titles of the views: copy lives here, not in components. */
export const VIEW_TITLES: Record<View, string> = {
  Connect: 'Connect Wallet',
  Account: 'Account',
  AllWallets: 'All Wallets',
  ConnectingWalletConnect: 'WalletConnect',
  ConnectingWalletConnectBasic: 'Connect Wallet',
  ConnectingExternal: 'Connecting',
  ConnectingFarcaster: 'Farcaster',
  EmailLogin: 'Email',
  UpdateEmailWallet: 'Edit Email',
  ProfileWallets: 'Wallets',
  SIWXSignMessage: 'Sign In',
  ApproveTransaction: 'Approve Transaction',
  Swap: 'Swap',
  SwitchNetwork: 'Choose Network',
  SwitchActiveChain: 'Switch Chain',
  RegisterAccountName: 'Choose Name',
  RegisterAccountNameSuccess: 'Name Registered',
  UnsupportedChain: 'Switch Network',
  OnRampProviders: 'Buy',
  BuyInProgress: 'Buy in progress',
  WalletSend: 'Send',
  WalletSendSelectToken: 'Select Token',
  WalletSendPreview: 'Review Send',
  WalletReceive: 'Receive',
}
