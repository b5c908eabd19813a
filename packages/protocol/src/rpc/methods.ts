/**
 * RPC method classes (SPEC §5, §6). Safe methods are answered silently; unsafe ones need the user's
 * approval; anything on neither list is rejected ('Requested RPC call is not allowed').
 */
export const SAFE_METHODS = [
  'eth_accounts',
  'eth_blockNumber',
  'eth_call',
  'eth_chainId',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getCode',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_getLogs',
  'eth_getProof',
  'eth_getStorageAt',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_getUncleCountByBlockHash',
  'eth_getUncleCountByBlockNumber',
  'eth_maxPriorityFeePerGas',
  'eth_newBlockFilter',
  'eth_newFilter',
  'eth_newPendingTransactionFilter',
  'eth_syncing',
  'eth_uninstallFilter',
  'eth_requestAccounts',
  'eth_sendRawTransaction',
  'net_listening',
  'net_version',
  'web3_clientVersion',
  'wallet_getCapabilities',
  'wallet_getCallsStatus',
  'wallet_getAssets',
  'wallet_switchEthereumChain',
  'eth_getUserOperationByHash',
  'eth_getUserOperationReceipt',
  'eth_supportedEntryPoints',
  'eth_estimateUserOperationGas',
] as const

export const UNSAFE_METHODS = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
  'wallet_sendCalls',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'eth_sendUserOperation',
] as const

export type SafeMethod = (typeof SAFE_METHODS)[number]
export type UnsafeMethod = (typeof UNSAFE_METHODS)[number]
export type RequestClass = 'safe' | 'unsafe' | 'unlisted'

const safe = new Set<string>(SAFE_METHODS)
const unsafe = new Set<string>(UNSAFE_METHODS)

/** A request is valid only if its method is on a list; safe only if on the safe list. */
export function classifyRequest(method: string): RequestClass {
  if (safe.has(method)) return 'safe'
  if (unsafe.has(method)) return 'unsafe'
  return 'unlisted'
}
