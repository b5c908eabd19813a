export { decodeBase58, encodeBase58 } from './base58.ts'
export { base64ToBytes, bytesToBase64 } from './base64.ts'
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
  IMAGE_PRELOAD_MS,
  LOG_BUFFER_BYTES,
  MODAL_WIDTH_PX,
  ONRAMP_LIMITS_USD,
  PAIRING_EXPIRY_MARGIN_MS,
  PAIRING_EXPIRY_MS,
  RECENT_WALLETS_MAX,
  RPC_BATCH,
  RPC_DEDUPE_CACHE_SIZE,
  RPC_FALLBACK,
  RPC_RETRY,
  RPC_TIMEOUT_MS,
  SOCIAL_POPUP,
  STORAGE_PREFIX,
  SWAP_SLIPPAGE_PERCENT,
  TOAST_REOPEN_MS,
  UNLISTED_RPC_UI_DELAY_MS,
} from './constants.ts'
export {
  createLogger,
  LOG_LEVELS,
  type Logger,
  type LoggerOptions,
  type LogLevel,
  redactSecrets,
} from './createLogger.ts'
export { type FormatBalanceOptions, formatBalance } from './formatBalance.ts'
export {
  formatMessage,
  formatMessageParts,
  type MessageParams,
  type MessagePart,
  messageParams,
} from './formatMessage.ts'
export { formatQuantity } from './formatQuantity.ts'
export { formatRelativeDate, type RelativeDateUnit, relativeDateUnit } from './formatRelativeDate.ts'
export { formatTokenAmount } from './formatTokenAmount.ts'
export { formatUnits } from './formatUnits.ts'
export { getNetwork } from './getNetwork.ts'
export { hidesBalance } from './hidesBalance.ts'
export { isAddressForNamespace } from './isAddressForNamespace.ts'
export { isEvmAddress } from './isEvmAddress.ts'
export { isSolanaAddress } from './isSolanaAddress.ts'
export { LOCAL_CHAIN_WORLD, LOCAL_SPL_MINT_ADDRESS, SPAM_CONTRACTS } from './localChainWorld.ts'
export { isRtl, LOCALES, type Locale, resolveLocale } from './locales.ts'
export { BUILT_IN_NETWORK_IDS, NETWORKS, type Network } from './networks.ts'
export { padGasEstimate } from './padGasEstimate.ts'
export { type ParseCaipAddressReturnType, parseCaipAddress } from './parseCaipAddress.ts'
export {
  type CaipNetworkIdString,
  type ParseCaipNetworkIdReturnType,
  parseCaipNetworkId,
} from './parseCaipNetworkId.ts'
export {
  contrastRatio,
  MIN_TEXT_CONTRAST,
  type ReadableAccentReturnType,
  readableAccent,
} from './readableAccent.ts'
export { remainingCooldownSeconds } from './remainingCooldownSeconds.ts'
export { roundDecimal } from './roundDecimal.ts'
export { toHexChainId } from './toHexChainId.ts'
export { truncateAddress } from './truncateAddress.ts'
export { txDescriptionSign } from './txDescriptionSign.ts'
