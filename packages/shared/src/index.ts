export { isEvmAddress, isSolanaAddress, truncateAddress } from './addresses.ts'
export {
  ANIMATION_MS,
  BLOB_LIMIT_BYTES,
  CACHE_TTL_MS,
  CONNECT_TIMEOUT_MS,
  DEFAULT_CHAIN,
  DEFAULT_Z_INDEX,
  DISCONNECT_TIMEOUT_MS,
  EMAIL_LOGIN_COOLDOWN_MS,
  FRAME_LOAD_TIMEOUT_MS,
  FRAME_READY_DELAY_MS,
  LOG_BUFFER_BYTES,
  MODAL_WIDTH_PX,
  ONRAMP_LIMITS_USD,
  PAIRING_EXPIRY_MARGIN_MS,
  PAIRING_EXPIRY_MS,
  RECENT_WALLETS_MAX,
  RPC_RETRY,
  RPC_TIMEOUT_MS,
  SOCIAL_POPUP,
  STORAGE_PREFIX,
  TOAST_REOPEN_MS,
  UNLISTED_RPC_UI_DELAY_MS,
} from './constants.ts'
export {
  formatBalance,
  formatRelativeDate,
  formatTokenAmount,
  formatUnits,
  remainingCooldownSeconds,
  roundDecimal,
} from './format.ts'
export { BUILT_IN_NETWORK_IDS, getNetwork, NETWORKS, type Network, toHexChainId } from './networks.ts'
export {
  type ParsedCaipAddress,
  type ParsedCaipNetworkId,
  parseCaipAddress,
  parseCaipNetworkId,
} from './parseCaip.ts'
