import type { FrameCatalogue } from './en.ts'
import { solanaJa } from './solanaJa.ts'

/** Japanese (polite UI style). */
export const ja: FrameCatalogue = {
  'approval.requestedBy': 'リクエスト元：{site}',
  'approval.details': 'リクエストの詳細',
  'approval.reject': '拒否',
  'approval.approve': '承認',
  'approval.approveArmed': '承認できるようになりました。',
  'approval.approveWaiting': 'この画面がしばらく完全に表示されると、承認できるようになります。',
  'approval.openWindow': '安全なウィンドウで確認',
  'approval.windowNote':
    'このブラウザでは、この画面が完全に表示されているかを確認できないため、別のウィンドウで承認します。',
  'approval.windowClosed':
    '決定されないままウィンドウが閉じられました。もう一度開くか、ここで拒否してください。',
  'approval.windowBlocked':
    'ブラウザがウィンドウをブロックしました。このサイトのポップアップを許可してから、もう一度お試しください。',

  'page.windowTitle': 'リクエストの承認',
  'page.frameTitle': 'セキュアなウォレットフレーム',
  'page.callbackTitle': 'サインインしています…',
  'page.windowLoading': 'リクエストを読み込んでいます…',
  'page.windowAlone': '承認はウォレットからこの画面で開きます。このウィンドウは閉じてかまいません。',
  'page.frameAlone': 'このページはウォレットのモーダル内でのみ使用できます。',
  'page.callbackAlone': 'サインインは別のウィンドウで完了しました。このウィンドウは閉じてかまいません。',

  'recovery.title': '復元用テキストを保存してください',
  'recovery.hint':
    '安全で人目につかない場所に保管してください。これがあれば新しいデバイスでこのウォレットを開けます。これがないと、デバイスをなくしたときにウォレットも失うおそれがあります。誰かがこれを尋ねることは決してありません。',
  'recovery.typedBack': '入力し直した復元用テキスト',
  'recovery.typeBackHint': '保存したことを確認するため、復元用テキストを入力または貼り付けてください',
  'recovery.copy': 'コピー',
  'recovery.copied': 'コピーしました',
  'recovery.copyFailed': 'テキストを選択してコピーしてください',
  'recovery.saved': '保存しました',
  'recovery.mismatch': '上に表示された復元用テキストと一致しません。保存した内容を確認してください。',
  'recovery.windowHint':
    '新しいウォレットには復元用テキストがあります。ウォレットを使う前に保存してください。',
  'recovery.windowNote':
    'このブラウザーではこの画面が完全に表示されていることを確認できないため、復元用テキストは別のウィンドウに表示されます。',
  'recovery.openWindow': '安全なウィンドウで表示',
  'recovery.windowClosed':
    '復元用テキストを確認する前にウィンドウが閉じられました。完了するにはもう一度開いてください。',
  'page.recoveryLoading': '復元用テキストを読み込んでいます…',
  'page.recoveryAlone':
    '復元用テキストはウォレットからこの画面で開きます。このウィンドウは閉じてかまいません。',

  'restore.title': 'ウォレットを復元',
  'restore.hint':
    'このブラウザには、このサイトでのウォレットの鍵がまだありません。ウォレット作成時に保存した復元用テキストを貼り付けてください。',
  'restore.input': '復元用テキスト',
  'restore.submit': 'ウォレットを復元',
  'restore.failed': 'ウォレットを復元できませんでした',
  'restore.invalidCode': '復元用コードが無効です',
  'restore.failedToConnect': '接続できませんでした',
  'restore.rateLimited': 'リクエストが多すぎます',
  'restore.unavailable': 'サービスを利用できません。しばらくしてからもう一度お試しください',
  'restore.serverError': 'サーバーエラー',
  'restore.sessionExpired': 'セッションの有効期限が切れました',
  'restore.noShare': '認証用シェアが保存されていません',
  'restore.staleSession': '認証用シェアを置き換えるには、もう一度ログインしてください',
  'restore.notConnected': 'メールまたはソーシャルアカウントで接続されていません',
  'restore.invalidStatus': '接続状態が無効です',

  'title.signMessage': 'メッセージに署名',
  'title.signTypedData': '構造化データに署名',
  'title.signTransaction': '取引に署名',
  'title.sendTransaction': '取引を送信',
  'title.signTransactions': '{count, plural, other {# 件の取引に署名}}',
  'title.deployContract': 'コントラクトをデプロイ',
  'title.sendCalls': '{count, plural, other {# 件の呼び出しを送信}}',
  'title.sendUserOperation': 'ユーザーオペレーションを送信',
  'title.grantPermissions': '{count, plural, other {# 件の権限を付与}}',
  'title.revokePermission': '権限を取り消す',
  'title.shareBitcoinAddress': '{site} があなたのビットコインアドレスの閲覧を求めています',

  'field.numbered': '#{n} {label}',
  'field.message': 'メッセージ',
  'field.account': 'アカウント',
  'field.bitcoinAddress': 'ビットコインアドレス',
  'field.shareEffect': 'サイトと共有される情報',
  'field.domain': 'ドメイン',
  'field.chain': 'チェーン',
  'field.verifyingContract': '検証コントラクト',
  'field.version': 'バージョン',
  'field.salt': 'ソルト',
  'field.primaryType': 'プライマリ型',
  'field.network': 'ネットワーク',
  'field.to': '送信先',
  'field.value': '金額',
  'field.data': 'データ',
  'field.functionSelector': '関数セレクター',
  'field.nonce': 'ノンス',
  'field.gasLimit': 'ガス上限',
  'field.gasPrice': 'ガス価格',
  'field.maxFeePerGas': 'ガスあたりの最大手数料',
  'field.maxPriorityFeePerGas': 'ガスあたりの最大優先手数料',
  'field.maxFee': '最大手数料',
  'field.total': '合計',
  'field.warning': '警告',
  'field.approval': '使用許可',
  'field.permit': 'パーミット',
  'field.calls': '呼び出し',
  'field.totalValue': '合計金額',
  'field.estimatedTotalFee': '推定手数料合計',
  'field.smartAccount': 'スマートアカウント',
  'field.grantedTo': '付与先',
  'field.permission': '権限',
  'field.callLimit': '呼び出し回数',
  'field.expires': '期限',
  'field.revokes': '取り消す相手',
  'field.networkFee': 'ネットワーク手数料',
  'field.instructions': '命令',
  'field.programs': 'プログラム',
  'field.transfer': '送金',
  'field.signInput': '署名する入力',

  'value.none': '（なし）',
  'value.shareBitcoinAddress':
    '共有すると、このサイトはこのアドレスへの、およびこのアドレスからのすべての支払いを見ることができます',
  'value.any': '（任意）',
  'value.newContract': '（新しいコントラクト）',
  'value.noData': 'なし',
  'value.bytes': '{count, plural, other {# バイト}}',
  'value.items': '{count, plural, other {# 個の項目}}',
  'value.upTo': '最大 {amount}',
  'value.nativeUnits': '{amount}（ネイティブ単位）',
  'value.list': '{first}、{rest}',
  'value.lookupAccount': 'アドレス検索テーブルのアカウント #{index}',
  'value.feeUnknown': '不明：このウォレットのものではない入力があり、その金額を確認できません',

  'network.known': '{name}（{id}）',
  'network.namedBySite': '「{name}」（サイトが付けた名前。ウォレットが認識していないネットワーク）（{id}）',
  'network.unknown': '不明なネットワーク（{id}）',

  'allowance.undecodable': '{function}（データをデコードできません）',
  'allowance.allowCollection':
    '{spender} に、コレクション {collection} のあなたのトークンを「すべて」移転することを、取り消すまで許可します',
  'allowance.revokeCollection':
    '{spender} がコレクション {collection} のあなたのトークンを移転する権限を取り消します',
  'allowance.allowSpend': '{spender} に {amount} の使用を、取り消すまで許可します',
  'allowance.allowSpendMore': '{spender} に、現在の許可額に加えて {amount} の使用を、取り消すまで許可します',
  'allowance.unlimited': '無制限の {symbol}',
  'allowance.unlimitedOfToken': 'トークン {token} の無制限の額',
  'allowance.rawOfToken': 'トークン {token} の {amount}（最小単位）',
  'allowance.noExpiry': '期限なし',

  'field.call': '呼び出し',
  'field.callData': '呼び出しデータ',
  'call.showData': 'データを表示',
  'call.hideData': 'データを隠す',
  'call.unknown': '{contract} への不明な呼び出し：{selector}、{size}',
  'call.warningUnknown':
    'ウォレットはこのリクエストのすべての呼び出しを読み取れません（「不明な呼び出し」を参照）：その内容をこのサイトに任せられる場合のみ承認してください',
  'call.transfer': '{amount} を {recipient} に送金します',
  'call.transferFrom':
    '{contract} の {amount}（トークン量または NFT の ID）を {from} から {recipient} に移転します',
  'call.transferNft': 'コレクション {collection} の ID {id} の NFT を {from} から {recipient} に移転します',
  'call.transferNfts':
    'コレクション {collection} の ID {id} のトークンを {amount} 個、{from} から {recipient} に移転します',
  'call.transferNftBatch':
    'コレクション {collection} のトークンを {from} から {recipient} に移転します：{items}',
  'call.nftItem': 'ID {id} を {amount} 個',
  'call.permit2Approve': '{spender} に Permit2 経由で {amount} の使用を許可します（期限：{until}）',
  'call.withdrawDeposit': 'EntryPoint {contract} の預け入れから {amount} を {recipient} に引き出します',
  'call.multicall': '{contract} への {count} 件の呼び出しをまとめたもの（各呼び出しは下記）',

  'permit.revoke': 'トークン {token} に対する {spender} の使用許可を取り消します',
  'permit.allowSpend': '{spender} に {amount} の使用を許可します（期限：{until}）',
  'permit.allowSpendUntilRevoked':
    '{spender} に {amount} の使用を取り消すまで許可します（署名の期限：{until}）',
  'permit.allowTransferOnce': '{spender} に {amount} を 1 回だけ移転することを許可します（期限：{until}）',

  'calls.oneAfterAnother': '{count} 件。1 件ずつ順に送信されます（アトミックではありません）',
  'operation.deploysAccount': 'このオペレーションでチェーン上に作成されます',
  'operation.atomic': '{count} 件。すべて成功するか、何も実行されません（アトミック）',
  'operation.feeFromAccount': '最大 {amount}。スマートアカウントから支払われます',
  'operation.feeSitePaymaster': 'ペイマスター {paymaster} が支払います（{site} が指定）',
  'operation.feeSponsored': '{site} が支払います（スポンサー）',
  'permission.nativeTransfer': 'このアカウントから任意のアドレスへ合計 {amount} まで送金（通常の送金のみ）',
  'permission.tokenTransfer': 'このアカウントから任意のアドレスへトークン {token} を合計 {amount} まで転送',
  'permission.callLimit': '{count, plural, other {最大 # 回}}',
  'permission.noApproval': '権限が終了するか取り消すまで、{site} はあなたに再度確認せずにこの権限を使えます',

  'fee.gasPriceHigh':
    'サイトが設定したガス価格は {price} で、ネットワークの価格 {estimate} の {factor} 倍を超えています',
  'fee.gasPriceUnchecked': 'サイトが設定したガス価格をネットワークの価格と照合できませんでした',
  'fee.feeCapHigh':
    'サイトが設定したガスあたりの最大手数料は {cap} で、ネットワークの推定値 {estimate} の {factor} 倍を超えています',
  'fee.feeCapUnchecked': 'サイトが設定した最大手数料をネットワークの推定値と照合できませんでした',
  'fee.unchecked': 'サイトが設定した手数料をネットワークの手数料と照合できませんでした',
  'fee.wholeCap':
    'サイトが優先手数料を最大手数料と同じ値（ガスあたり {cap}）に設定しました：ネットワークの基本手数料にかかわらず、この操作は最大手数料を全額支払います',

  ...solanaJa,
}
