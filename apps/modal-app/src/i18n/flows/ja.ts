import type { flows as english } from './en.ts'
import type { flowsLater as englishLater } from './enLater.ts'
import { compileErrorTable } from './errors/compileErrorTable.ts'
import { ERROR_TABLE, type WithErrorTable } from './errors/errorTable.ts'
import { errors } from './errors/ja.ts'

/** Japanese: the connecting, sign-in and network views, alerts, toasts and errors. */
export const flows: Readonly<Record<keyof typeof english | keyof typeof englishLater, string>> &
  WithErrorTable = {
  [ERROR_TABLE]: compileErrorTable(errors),
  'frame.title': '組み込みウォレット',
  'connecting.tryAgain': 'もう一度試す',
  'connecting.continueIn': '{wallet} で操作を続けてください',
  'walletConnect.openWallet': '{wallet} を開く',
  'walletConnect.getWallet': '{wallet} を入手',
  'walletConnect.qrLabel':
    'ウォレットアプリで読み取るQRコードです。読み取れない場合は、下の「リンクをコピー」をご利用ください。',
  'farcaster.qr': 'Farcaster サインイン用QRコード',
  'farcaster.preparing': 'QRコードを準備しています',
  'farcaster.scan': 'スマートフォンでこのQRコードを読み取り、Farcaster でサインインしてください',
  'farcaster.open': 'Farcaster を開く',
  'farcaster.expiresIn': '残り {time}',
  'farcaster.expired': '期限切れ',
  'email.recoveryHint':
    'このデバイスにはまだ鍵の分割データがありません：安全な画面で復元用テキストを使ってウォレットを復元してください。',
  'email.restore': 'ウォレットを復元',
  'allWallets.loadFailed': 'ウォレットの一覧を読み込めませんでした。',
  'siwx.prompt': '{site} が、ウォレットの所有者であることを証明するため、メッセージへの署名を求めています。',
  'siwx.promptRequired':
    '{site} が、ウォレットの所有者であることを証明するため、メッセージへの署名を求めています。サインインが必要です。',
  'siwx.promptThisSite':
    'このサイトが、ウォレットの所有者であることを証明するため、メッセージへの署名を求めています。',
  'siwx.promptThisSiteRequired':
    'このサイトが、ウォレットの所有者であることを証明するため、メッセージへの署名を求めています。サインインが必要です。',
  'siwx.waiting': 'ウォレットで操作を続けてください',
  'siwx.cancel': 'キャンセル',
  'siwx.retry': 'もう一度試す',
  'siwx.signing': '署名しています…',
  'siwx.sign': '署名',
  'activeChain.pickFirst': '先にネットワークを選択してください。',
  'activeChain.title': '{network} に切り替え',
  'activeChain.hint':
    '接続中のウォレットは {family} ネットワークに対応していません。{network} を使うには {family} ウォレットを接続してください。{active} ウォレットは接続されたままです。',
  'activeChain.confirm': '{family} に切り替え',
  'activeChain.cancel': 'キャンセル',
  'unsupportedChain.notice':
    'このアプリは現在のネットワークに対応していません。続けるには、利用可能なネットワークに切り替えてください。',
  'approve.hint': '安全なウィンドウでリクエストを確認してください',
  'view.featureDisabled': 'この機能はこのプロジェクトでは有効になっていません。',
  'view.loadFailed': 'この画面を読み込めませんでした。接続を確認してから、ページを再読み込みしてください。',
  'switchNetwork.done': 'ネットワークを切り替えました',
  'switchNetwork.failed': 'ネットワークを切り替えられませんでした',
  'accountType.smartInUse': 'スマートアカウントを使用中',
  'accountType.eoaInUse': 'EOA アカウントを使用中',
  'alert.dismiss': '閉じる',
  'alert.invalidAppConfiguration':
    'このサイトのオリジンはこのプロジェクトで許可されていません。サイトの所有者がプロジェクトの許可オリジンに追加する必要があります。',
  'alert.invalidProjectId': 'プロジェクトIDが見つかりません。モーダルに渡した projectId を確認してください。',
  'alert.projectIdNotConfigured': 'モーダルに projectId を渡してください。',
  'alert.serverError': 'アプリの設定を取得できませんでした。しばらくしてからもう一度お試しください。',
  'alert.serviceUnavailable':
    'サービスに接続できませんでした。再起動中の可能性があります。データは失われていません。数秒後に同じ操作をもう一度お試しください。',
  'alert.rateLimited': 'リクエストが多すぎます。少し待ってからもう一度お試しください。',
  'alert.networkNotFound': 'このネットワークはサイトが設定したネットワークに含まれていません。',
  'alert.tryLater': 'しばらくしてからもう一度お試しください。',
  'alert.sessionExpired': 'セッションが無効です。端末の時刻設定を確認して、もう一度接続してください。',
  'alert.unverifiedDomain':
    'このサイトのオリジンはプロジェクトの確認済みドメインに含まれていません。信頼できるサイトか確認してから接続してください。',
  'email.sending': '{email} にメッセージを送信しています…',
  'email.device':
    'このデバイスを承認してください：{email} に送ったリンクを開いてください。この画面は自動的に進みます。',
  'email.codeHint': '{email} に送ったコードを入力してください',
  'email.alsoSignsIn': 'ログインすると {site} にもサインインします',
  'email.codeLabel': 'ワンタイムコード',
  'email.verifying': '確認しています…',
  'email.resend': 'コードを再送信',
  'email.resendLink': 'リンクを再送信',
  'email.resendWait': '{seconds} 秒',
  'email.resendLater': '{seconds, plural, other {# 秒}}後に再送信できます。',
  'email.resendReady': '今すぐ再送信できます。',
  'email.codeResent': '{email} に新しいコードを送信しました。以前のコードは使えません。',
  'networks.active': '使用中',
  'networks.testnet': 'テストネット',
  'allWallets.search': 'ウォレットを検索',
  'allWallets.list': 'ウォレット',
  'allWallets.noMatch': '「{query}」に一致するウォレットはありません',
  'walletConnect.scan': 'スマートフォンでこのQRコードを読み取ってください',
  'walletConnect.scanWith': '{wallet} でこのQRコードを読み取ってください',
  'walletConnect.qr': 'ペアリング用QRコード',
  'walletConnect.preparing': 'QRコードを準備しています',
  'walletConnect.copy': 'リンクをコピー',
  'walletConnect.copied': 'リンクをコピーしました',
  'walletConnect.copyFailed': 'リンクをコピーできませんでした',
}
