import {
  FailedToConnectError,
  InvalidConnectionStatusError,
  NotConnectedToEmbeddedError,
  RateLimitedError,
  ServerError,
  SessionExpiredError,
} from '@modalkit/protocol'
import { solanaEn } from './solanaEn.ts'

/**
 * The secure frame's English messages: the catalogue every locale translates, key for key,
 * with the modal's syntax (`{name}`, `{count, plural, …}`). Every value (an address, an amount, the
 * site's origin, the text to sign) is a parameter, shown as its own text node, never part of the
 * words. Counts and indexes on an approval are passed as written (digits as the amounts beside them).
 * Today's English, byte for byte: the e2e tests read the approval's text (hence "Sign 1
 * transactions": English keeps only its `other` form where the screen always said so).
 */
export const en = {
  // The approval screen, in the frame and in the approval popup.
  'approval.requestedBy': 'Requested by {site}',
  'approval.details': 'Request details',
  'approval.reject': 'Reject',
  'approval.approve': 'Approve',
  'approval.approveArmed': 'Approve is available.',
  'approval.approveWaiting':
    'Approve becomes available once this screen has been fully visible for a moment.',
  'approval.openWindow': 'Review in a secure window',
  'approval.windowNote':
    'This browser cannot confirm that this screen is fully visible, so you approve in a separate window.',
  'approval.windowClosed': 'The window closed without a decision. Open it again, or reject here.',
  'approval.windowBlocked': 'Your browser blocked the window. Allow pop-ups for it, then try again.',

  // The pages themselves: the approval popup, the frame opened on its own, the sign-in callback.
  'page.windowTitle': 'Approve a request',
  // The frame's own page title (the modal names its iframe itself) and the sign-in callback's.
  'page.frameTitle': 'Secure wallet frame',
  'page.callbackTitle': 'Signing in…',
  'page.windowLoading': 'Loading the request…',
  'page.windowAlone': 'Approvals open here from the wallet. You can close this window.',
  'page.frameAlone': 'This page works only inside the wallet modal.',
  'page.callbackAlone': 'Sign-in finished in another window. You can close this one.',

  // A new recovery text, shown once (showRecovery).
  'recovery.title': 'Save your recovery text',
  'recovery.hint':
    'Keep it somewhere safe and private. With it you open this wallet on a new device; without it, a lost device may mean a lost wallet. Nobody will ever ask you for it.',
  'recovery.typedBack': 'Your recovery text, typed back',
  'recovery.typeBackHint': 'Type or paste your recovery text to confirm you saved it',
  'recovery.copy': 'Copy',
  'recovery.copied': 'Copied',
  'recovery.copyFailed': 'Select and copy the text',
  'recovery.saved': 'I saved it',
  'recovery.mismatch': 'This is not the recovery text shown above. Check what you saved.',
  'recovery.windowHint': 'Your new wallet has a recovery text. Save it before you use the wallet.',
  'recovery.windowNote':
    'This browser cannot confirm that this screen is fully visible, so your recovery text is shown in a separate window.',
  'recovery.openWindow': 'Show in a secure window',
  'recovery.windowClosed':
    'The window closed before you confirmed your recovery text. Open it again to finish.',
  'page.recoveryLoading': 'Loading your recovery text…',
  'page.recoveryAlone': 'Recovery texts open here from the wallet. You can close this window.',

  // Typing the recovery text on a new device (showRestore), and why it failed. SPEC §8's sentences
  // are the protocol errors' own words in English (spelled only in packages/protocol's catalogue).
  'restore.title': 'Restore your wallet',
  'restore.hint':
    'This browser holds no key for your wallet on this site yet. Paste the recovery text you saved when you created the wallet.',
  'restore.input': 'Recovery text',
  'restore.submit': 'Restore wallet',
  'restore.failed': 'Could not restore the wallet',
  'restore.invalidCode': 'Invalid recovery code',
  'restore.failedToConnect': new FailedToConnectError().shortMessage,
  'restore.rateLimited': new RateLimitedError().shortMessage,
  'restore.unavailable': 'Service Unavailable: try again shortly',
  'restore.serverError': new ServerError().shortMessage,
  'restore.sessionExpired': new SessionExpiredError().shortMessage,
  'restore.noShare': 'No auth share stored',
  'restore.staleSession': 'Log in again to replace the auth share',
  'restore.notConnected': new NotConnectedToEmbeddedError().shortMessage,
  'restore.invalidStatus': new InvalidConnectionStatusError().shortMessage,

  // Titles of what is signed.
  'title.signMessage': 'Sign message',
  'title.signTypedData': 'Sign typed data',
  'title.signTransaction': 'Sign transaction',
  'title.sendTransaction': 'Send transaction',
  'title.signTransactions': '{count, plural, other {Sign # transactions}}',
  'title.deployContract': 'Deploy contract',
  'title.sendCalls': '{count, plural, other {Send # calls}}',
  'title.sendUserOperation': 'Send user operation',
  'title.grantPermissions': '{count, plural, one {Grant a permission} other {Grant # permissions}}',
  'title.revokePermission': 'Revoke a permission',
  'title.shareBitcoinAddress': '{site} wants to see your Bitcoin address',

  // Field labels. `field.numbered` puts a call's or a transaction's number before its label.
  'field.numbered': '#{n} {label}',
  'field.message': 'Message',
  'field.account': 'Account',
  'field.bitcoinAddress': 'Bitcoin address',
  'field.shareEffect': 'Shared with the site',
  'field.domain': 'Domain',
  'field.chain': 'Chain',
  'field.verifyingContract': 'Verifying contract',
  'field.version': 'Version',
  'field.salt': 'Salt',
  'field.primaryType': 'Primary type',
  'field.network': 'Network',
  'field.to': 'To',
  'field.value': 'Value',
  'field.data': 'Data',
  'field.functionSelector': 'Function selector',
  'field.nonce': 'Nonce',
  'field.gasLimit': 'Gas limit',
  'field.gasPrice': 'Gas price',
  'field.maxFeePerGas': 'Max fee per gas',
  'field.maxPriorityFeePerGas': 'Max priority fee per gas',
  'field.maxFee': 'Max fee',
  'field.total': 'Total',
  'field.warning': 'Warning',
  'field.approval': 'Approval',
  'field.permit': 'Permit',
  'field.calls': 'Calls',
  'field.totalValue': 'Total value',
  'field.estimatedTotalFee': 'Estimated total fee',
  'field.smartAccount': 'Smart account',
  'field.grantedTo': 'Granted to',
  'field.permission': 'Permission',
  'field.callLimit': 'Calls',
  'field.expires': 'Until',
  'field.revokes': 'Revoked from',
  'field.networkFee': 'Network fee',
  'field.instructions': 'Instructions',
  'field.programs': 'Programs',
  'field.transfer': 'Transfer',
  'field.signInput': 'Input you sign',

  // Values in words.
  'value.none': '(none)',
  'value.shareBitcoinAddress': 'Once shared, this site can see every payment to and from this address',
  'value.any': '(any)',
  'value.newContract': '(new contract)',
  'value.noData': 'none',
  'value.bytes': '{count, plural, other {# bytes}}',
  'value.items': '{count, plural, one {# item} other {# items}}',
  'value.upTo': 'up to {amount}',
  'value.nativeUnits': '{amount} native units',
  'value.list': '{first}, {rest}',
  'value.lookupAccount': 'lookup table account #{index}',
  'value.feeUnknown': "unknown: an input is not this wallet's, and its amount cannot be checked",

  // The network a request is on: named from the frame's own table, or as the site named it, marked.
  'network.known': '{name} ({id})',
  'network.namedBySite': '"{name}" (named by the site, unknown to the wallet) ({id})',
  'network.unknown': 'Unknown network ({id})',

  // Allowances a transaction grants (ERC-20 approve, increaseAllowance, NFT setApprovalForAll).
  'allowance.undecodable': '{function} with data that does not decode',
  'allowance.allowCollection':
    'Allow {spender} to transfer ALL your tokens of collection {collection}, until revoked',
  'allowance.revokeCollection': "Revoke {spender}'s right to transfer your tokens of collection {collection}",
  'allowance.allowSpend': 'Allow {spender} to spend {amount} until revoked',
  'allowance.allowSpendMore': 'Allow {spender} to spend (in addition) {amount} until revoked',
  'allowance.unlimited': 'Unlimited {symbol}',
  'allowance.unlimitedOfToken': 'Unlimited of token {token}',
  'allowance.rawOfToken': '{amount} (raw units) of token {token}',
  'allowance.noExpiry': 'no expiry',

  // Each call as the wallet reads it, in every path (a transaction, a batch, a user operation).
  'field.call': 'Call',
  'field.callData': 'Call data',
  'call.showData': 'Show data',
  'call.hideData': 'Hide data',
  'call.unknown': 'Unknown call to {contract}: {selector}, {size}',
  'call.warningUnknown':
    'The wallet cannot read every call of this request (see "Unknown call"): approve only if you trust the site with what they do',
  'call.transfer': 'Transfer {amount} to {recipient}',
  'call.transferFrom': 'Transfer {amount} (token amount or NFT id) of {contract} from {from} to {recipient}',
  'call.transferNft': 'Transfer NFT id {id} of collection {collection} from {from} to {recipient}',
  'call.transferNfts':
    'Transfer {amount} of token id {id} of collection {collection} from {from} to {recipient}',
  'call.transferNftBatch': 'Transfer tokens of collection {collection} from {from} to {recipient}: {items}',
  'call.nftItem': '{amount} of id {id}',
  'call.permit2Approve': 'Allow {spender} to spend {amount} through Permit2 until {until}',
  'call.withdrawDeposit': 'Withdraw {amount} of the deposit at the EntryPoint {contract} to {recipient}',
  'call.multicall': '{count} calls to {contract} in one, each below',

  // Permits (typed data that grants an allowance with a signature alone).
  'permit.revoke': "Revoke {spender}'s allowance on token {token}",
  'permit.allowSpend': 'Allow {spender} to spend {amount} until {until}',
  'permit.allowSpendUntilRevoked':
    'Allow {spender} to spend {amount} until revoked (signature valid until {until})',
  'permit.allowTransferOnce': 'Allow {spender} to transfer once {amount} until {until}',

  // EIP-5792 batches, and a smart account's user operations.
  'calls.oneAfterAnother': '{count}, sent one after another (not atomic)',
  'operation.deploysAccount': 'Created on chain by this operation',
  'operation.atomic': '{count}, all succeed or none (atomic)',
  'operation.feeFromAccount': 'up to {amount}, from the smart account',
  'operation.feeSitePaymaster': 'Paid by paymaster {paymaster}, named by {site}',
  'operation.feeSponsored': 'Paid by {site} (sponsored)',
  'permission.nativeTransfer':
    'Send up to {amount} in total from this account, to any address (plain transfers only)',
  'permission.tokenTransfer':
    'Transfer up to {amount} of token {token} in total from this account, to any address',
  'permission.callLimit': '{count, plural, one {At most # time} other {At most # times}}',
  'permission.noApproval':
    '{site} can use this permission without asking you again until it ends or you revoke it',

  // A fee the site set, checked against the network's estimate.
  'fee.gasPriceHigh': "The site set a gas price of {price}, over {factor}× the network's {estimate}",
  'fee.gasPriceUnchecked': "The site's gas price could not be checked against the network's",
  'fee.feeCapHigh':
    "The site set a fee cap of {cap} per gas, over {factor}× the network's estimate of {estimate}",
  'fee.feeCapUnchecked': "The site's fee cap could not be checked against the network's",
  'fee.unchecked': "The site's fee could not be checked against the network's",
  'fee.wholeCap':
    "The site set the priority fee equal to the fee cap ({cap} per gas): the operation pays the whole cap, whatever the network's base fee",

  ...solanaEn,
} as const

export type FrameMessageKey = keyof typeof en
export type FrameCatalogue = Readonly<Record<FrameMessageKey, string>>
