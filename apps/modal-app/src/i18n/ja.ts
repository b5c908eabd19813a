import { account } from './account/ja.ts'
import type { Catalogue } from './en.ts'
import { flows } from './flows/ja.ts'
import { money } from './money/ja.ts'

/** Japanese. */
export const ja: Catalogue = {
  ...account,
  ...money,
  ...flows,
  // Account's words that the first chunk's own code shows (enFirst.ts).
  'account.recovery.saved': '新しいリカバリーテキストを保存しました',
  'account.wallets.embedded': '組み込みウォレット',
  'account.wallets.bitcoin': 'ビットコインウォレット',
  'title.Connect': 'ウォレットを接続',
  'title.Account': 'アカウント',
  'title.AllWallets': 'すべてのウォレット',
  'title.ConnectingWalletConnect': 'WalletConnect',
  'title.ConnectingWalletConnectBasic': 'ウォレットを接続',
  'title.ConnectingExternal': '接続中',
  'title.ConnectingFarcaster': 'Farcaster',
  'title.EmailLogin': 'メール',
  'title.UpdateEmailWallet': 'メールを変更',
  'title.ProfileWallets': 'ウォレット',
  'title.SIWXSignMessage': 'サインイン',
  'title.ApproveTransaction': '取引を承認',
  'title.Swap': 'スワップ',
  'title.SwitchNetwork': 'ネットワークを選択',
  'title.SwitchActiveChain': 'チェーンを切り替え',
  'title.RegisterAccountName': '名前を選択',
  'title.RegisterAccountNameSuccess': '名前を登録しました',
  'title.UnsupportedChain': 'ネットワークを切り替え',
  'title.OnRampProviders': '購入',
  'title.BuyInProgress': '購入処理中',
  'title.WalletSend': '送金',
  'title.WalletSendSelectToken': 'トークンを選択',
  'title.WalletSendPreview': '送金の確認',
  'title.Pay': '支払い',
  'title.WalletReceive': '受け取り',
  'header.back': '戻る',
  'header.close': '閉じる',
  'connect.or': 'または',
  'connect.qrCode': 'QRコード',
  'connect.allWallets': 'すべてのウォレット',
  'email.label': 'メール',
  'email.submit': '続ける',
  'email.invalid': '有効なメールアドレスを入力してください',
  'social.continueWith': '{provider} で続ける',
}
