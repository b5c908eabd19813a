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

/**
 * Solana JSON-RPC methods the chain RPC proxy forwards to a Solana cluster: reads, plus
 * sendTransaction and simulateTransaction, which carry a transaction the wallet already signed (as
 * eth_sendRawTransaction does). Never the wallet's signing methods (UNSAFE_METHODS) and never
 * requestAirdrop, a write that only test clusters offer.
 */
export const SOLANA_READ_METHODS = [
  'getAccountInfo',
  'getBalance',
  'getBlockHeight',
  'getEpochInfo',
  'getFeeForMessage',
  'getGenesisHash',
  'getHealth',
  'getLatestBlockhash',
  'getMinimumBalanceForRentExemption',
  'getMultipleAccounts',
  'getSignatureStatuses',
  'getSlot',
  'getTokenAccountBalance',
  'getTokenAccountsByOwner',
  'getTransaction',
  'getVersion',
  'isBlockhashValid',
  'sendTransaction',
  'simulateTransaction',
] as const

/**
 * The bip122 namespace's methods, as WalletConnect's Bitcoin RPC names them. Each is answered by the
 * wallet after its user approves (getAccountAddresses too: the wallet asks before it tells a site
 * which addresses are the user's), so all four are unsafe; there are no Bitcoin chain reads here (no
 * node behind the API). They are listed for bip122 only, and nothing else is listed there.
 */
export const BITCOIN_METHODS = ['signMessage', 'signPsbt', 'sendTransfer', 'getAccountAddresses'] as const
export type BitcoinMethod = (typeof BITCOIN_METHODS)[number]

/**
 * The Solana signing methods (SPEC §6 unsafe), as WalletConnect names them. Here, not beside their
 * schemas (solanaRpc.ts): the modal routes by name at start and loads the schemas with the first one.
 */
export const SOLANA_SIGN_METHODS = [
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
] as const
export type SolanaSignMethod = (typeof SOLANA_SIGN_METHODS)[number]

export function isSolanaSignMethod(method: string): method is SolanaSignMethod {
  return (SOLANA_SIGN_METHODS as readonly string[]).includes(method)
}

/** EIP-5792's wallet call methods (two safe reads and wallet_sendCalls), answered by the connected wallet. */
export const WALLET_CALL_METHODS: readonly string[] = [
  'wallet_getCapabilities',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
]

export type SolanaReadMethod = (typeof SOLANA_READ_METHODS)[number]

export type SafeMethod = (typeof SAFE_METHODS)[number]
export type UnsafeMethod = (typeof UNSAFE_METHODS)[number]
export type RequestClass = 'safe' | 'unsafe' | 'unlisted'

const safe = new Set<string>(SAFE_METHODS)
const unsafe = new Set<string>(UNSAFE_METHODS)
const solanaReads = new Set<string>(SOLANA_READ_METHODS)
const bitcoin = new Set<string>(BITCOIN_METHODS)

/**
 * A request is valid only if its method is on a list; safe only if on the safe list. The lists are
 * per namespace where names would clash: `signMessage` is a Bitcoin method under bip122 and unlisted
 * anywhere else, and no EVM or Solana method is listed under bip122.
 */
export function classifyRequest(method: string, namespace?: string): RequestClass {
  if (namespace === 'bip122') return bitcoin.has(method) ? 'unsafe' : 'unlisted'
  if (safe.has(method)) return 'safe'
  if (unsafe.has(method)) return 'unsafe'
  return 'unlisted'
}

/** Whether the chain RPC proxy may forward `method` to a Solana cluster. */
export function isSolanaReadMethod(method: string): method is SolanaReadMethod {
  return solanaReads.has(method)
}
