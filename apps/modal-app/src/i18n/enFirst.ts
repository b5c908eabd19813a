import type { View } from '@modalkit/protocol'
import { flows } from './flows/en.ts'

/**
 * The English messages the modal's first chunk carries: those its own code shows. The later
 * views' (account, money, and the connecting, sign-in and network views: flows/enLater.ts) come with
 * the first lazy chunk (englishLater.ts). The whole catalogue is en.ts.
 * `{name}` is a parameter. Keys name where a string is used, not what it says.
 */
const titles = {
  'title.Connect': 'Connect Wallet',
  'title.Account': 'Account',
  'title.AllWallets': 'All Wallets',
  'title.ConnectingWalletConnect': 'WalletConnect',
  'title.ConnectingWalletConnectBasic': 'Connect Wallet',
  'title.ConnectingExternal': 'Connecting',
  'title.ConnectingFarcaster': 'Farcaster',
  'title.EmailLogin': 'Email',
  'title.UpdateEmailWallet': 'Edit Email',
  'title.ProfileWallets': 'Wallets',
  'title.SIWXSignMessage': 'Sign In',
  'title.ApproveTransaction': 'Approve Transaction',
  'title.Swap': 'Swap',
  'title.SwitchNetwork': 'Choose Network',
  'title.SwitchActiveChain': 'Switch Chain',
  'title.RegisterAccountName': 'Choose Name',
  'title.RegisterAccountNameSuccess': 'Name Registered',
  'title.UnsupportedChain': 'Switch Network',
  'title.OnRampProviders': 'Buy',
  'title.BuyInProgress': 'Buy in progress',
  'title.WalletSend': 'Send',
  'title.WalletSendSelectToken': 'Select Token',
  'title.WalletSendPreview': 'Review Send',
  'title.Pay': 'Pay',
  'title.WalletReceive': 'Receive',
} as const satisfies Record<`title.${View}`, string>

export const enFirst = {
  ...titles,
  ...flows,
  // Account's words that the first chunk's own code shows (a connector's name, a toast).
  'account.recovery.saved': 'New recovery text saved',
  'account.bitcoin.stopped': 'Your Bitcoin address is no longer shared with {site}',
  // The embedded wallet's name in the list when it has no e-mail (a social or Farcaster login).
  'account.wallets.embedded': 'Embedded wallet',
  'account.wallets.bitcoin': 'Bitcoin wallet',
  'header.back': 'Back',
  'header.close': 'Close',
  'connect.or': 'or',
  'connect.qrCode': 'QR CODE',
  'connect.allWallets': 'All Wallets',
  'email.label': 'Email',
  'email.submit': 'Continue',
  'email.invalid': 'Enter a valid email address',
  'social.continueWith': 'Continue with {provider}',
} as const
