import { account } from './account/zh.ts'
import type { Catalogue } from './en.ts'
import { flows } from './flows/zh.ts'
import { money } from './money/zh.ts'

/** Simplified Chinese. */
export const zh: Catalogue = {
  ...account,
  ...money,
  ...flows,
  // Account's words that the first chunk's own code shows (enFirst.ts).
  'account.recovery.saved': '新的恢复文本已保存',
  'account.wallets.embedded': '嵌入式钱包',
  'account.wallets.bitcoin': '比特币钱包',
  'title.Connect': '连接钱包',
  'title.Account': '账户',
  'title.AllWallets': '所有钱包',
  'title.ConnectingWalletConnect': 'WalletConnect',
  'title.ConnectingWalletConnectBasic': '连接钱包',
  'title.ConnectingExternal': '正在连接',
  'title.ConnectingFarcaster': 'Farcaster',
  'title.EmailLogin': '电子邮件',
  'title.UpdateEmailWallet': '修改邮箱',
  'title.ProfileWallets': '钱包',
  'title.SIWXSignMessage': '登录',
  'title.ApproveTransaction': '批准交易',
  'title.Swap': '兑换',
  'title.SwitchNetwork': '选择网络',
  'title.SwitchActiveChain': '切换链',
  'title.RegisterAccountName': '选择名称',
  'title.RegisterAccountNameSuccess': '名称已注册',
  'title.UnsupportedChain': '切换网络',
  'title.OnRampProviders': '购买',
  'title.BuyInProgress': '购买进行中',
  'title.WalletSend': '发送',
  'title.WalletSendSelectToken': '选择代币',
  'title.WalletSendPreview': '确认发送',
  'title.Pay': '支付',
  'title.WalletReceive': '接收',
  'header.back': '返回',
  'header.close': '关闭',
  'connect.or': '或',
  'connect.qrCode': '二维码',
  'connect.allWallets': '所有钱包',
  'email.label': '电子邮件',
  'email.submit': '继续',
  'email.invalid': '请输入有效的电子邮件地址',
  'social.continueWith': '使用 {provider} 继续',
}
