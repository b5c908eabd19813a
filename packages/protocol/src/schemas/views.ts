import * as z from 'zod/mini'

/** The named views of SPEC §2; there are no URL routes, only this stack. */
export const VIEWS = [
  'Connect',
  'Account',
  'AllWallets',
  'ConnectingWalletConnect',
  'ConnectingWalletConnectBasic',
  'ConnectingExternal',
  'ConnectingFarcaster',
  'EmailLogin',
  'UpdateEmailWallet',
  'ProfileWallets',
  'SIWXSignMessage',
  'ApproveTransaction',
  'Swap',
  'SwitchNetwork',
  'SwitchActiveChain',
  'RegisterAccountName',
  'RegisterAccountNameSuccess',
  'UnsupportedChain',
  // The on-ramp (AppKit's view names).
  'OnRampProviders',
  'BuyInProgress',
  // Send (pick a token, amount and recipient; then the preview with the fee) and Receive.
  'WalletSend',
  'WalletSendSelectToken',
  'WalletSendPreview',
  'WalletReceive',
  // Pay (window.appkit.pay), a fixed amount of one asset to one recipient.
  'Pay',
] as const
export const viewSchema = z.enum(VIEWS)
export type View = z.infer<typeof viewSchema>
