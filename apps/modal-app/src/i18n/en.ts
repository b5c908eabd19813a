import type { View } from '@modalkit/protocol'
import { account } from './account/en.ts'
import { flows } from './flows/en.ts'
import { money } from './money/en.ts'

/**
 * The modal's English messages (issue 13): the catalogue every locale translates, key for key.
 * `{name}` is a parameter. Keys name where a string is used, not what it says. The views' areas keep
 * their messages in their own folders (account, money, flows), spread in here.
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

export const en = {
  ...titles,
  ...account,
  ...money,
  ...flows,
  'header.back': 'Back',
  'header.close': 'Close',
  'connect.or': 'or',
  'connect.qrCode': 'QR CODE',
  'connect.allWallets': 'All Wallets',
  'email.label': 'Email',
  'email.submit': 'Continue',
  'email.invalid': 'Enter a valid email address',
  'email.sending': 'Sending a message to {email}…',
  'email.device': 'Approve this device: open the link we sent to {email}. This window continues by itself.',
  'email.codeHint': 'Enter the code we sent to {email}',
  'email.codeLabel': 'One-time code',
  'email.verifying': 'Verifying…',
  'email.resend': 'Resend code',
  'email.resendLink': 'Resend link',
  'email.resendWait': '{seconds} s',
  'email.resendLater': 'You can ask for a new one in {seconds, plural, one {# second} other {# seconds}}.',
  'email.resendReady': 'You can ask for a new one now.',
  'email.codeResent': 'We sent a new code to {email}. Earlier codes no longer work.',
  'social.continueWith': 'Continue with {provider}',
  'networks.active': 'ACTIVE',
  'networks.testnet': 'TESTNET',
  'allWallets.search': 'Search wallet',
  'allWallets.list': 'Wallets',
  'allWallets.noMatch': 'No wallet matches “{query}”',
  'walletConnect.scan': 'Scan this QR code with your phone',
  'walletConnect.scanWith': 'Scan this QR code with {wallet}',
  'walletConnect.qr': 'Pairing QR code',
  'walletConnect.preparing': 'Preparing the QR code',
  'walletConnect.copy': 'Copy link',
  'walletConnect.copied': 'Link copied',
  'walletConnect.copyFailed': 'Failed to copy the link',
} as const

export type MessageKey = keyof typeof en
export type Catalogue = Readonly<Record<MessageKey, string>>
