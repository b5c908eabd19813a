/** Business constants and limits of SPEC §9 (and the one timing of §6), named once. */

/** SPEC §5, §9: a new e-mail login may not start within 30 s of the previous one. */
export const EMAIL_LOGIN_COOLDOWN_MS = 30_000
/** SPEC §4: after the frame's ready event, wait this long before using it. */
export const FRAME_READY_DELAY_MS = 500
export const FRAME_LOAD_TIMEOUT_MS = 20_000
export const CONNECT_TIMEOUT_MS = 120_000
/** Disconnect waits at most this long for the wallet before clearing state anyway. */
export const DISCONNECT_TIMEOUT_MS = 3_000
export const RPC_TIMEOUT_MS = 10_000
/** 3 retries, 150 ms doubling each time, on these HTTP statuses; `Retry-After` wins when present. */
export const RPC_RETRY = {
  count: 3,
  delayMs: 150,
  statuses: [403, 408, 413, 429, 500, 502, 503, 504],
} as const
/**
 * SPEC §9 fallback between several nodes of one chain: each is pinged every 4 s, its last 10
 * samples (answered or not, and how fast) ranked by stability 0.7 and latency 0.3; a node that just
 * failed is tried again only after 1 s (unless no other is left).
 */
export const RPC_FALLBACK = {
  pingIntervalMs: 4_000,
  sampleCount: 10,
  weights: { stability: 0.7, latency: 0.3 },
  retryAfterFailureMs: 1_000,
} as const
/** SPEC §9 image preload: an image not loaded within 2 s gives way to its placeholder. */
export const IMAGE_PRELOAD_MS = 2_000
/** SPEC §9: reads arriving together go out as one JSON-RPC batch of at most 1000 calls, after 0 ms. */
export const RPC_BATCH = { size: 1_000, waitMs: 0 } as const
/** SPEC §9: identical reads in flight share one request; at most this many are remembered. */
export const RPC_DEDUPE_CACHE_SIZE = 8_192
/** SPEC §4: a new toast while one is open closes it and reopens after this delay. */
export const TOAST_REOPEN_MS = 150
/** SPEC §6: the UI error for an unlisted RPC method shows after this delay. */
export const UNLISTED_RPC_UI_DELAY_MS = 300
export const SOCIAL_POPUP = { width: 600, height: 800, pollMs: 1_000 } as const
export const PAIRING_EXPIRY_MS = 240_000
/** SPEC §4: a pairing counts as expired this close to its expiry. */
export const PAIRING_EXPIRY_MARGIN_MS = 10_000
export const RECENT_WALLETS_MAX = 2
/**
 * SPEC §9 cache lifetimes: a read younger than its lifetime is not asked again (unless forced). After
 * a failed token-balance read, none is tried for `tokenBalanceRetryGuard`.
 */
export const CACHE_TTL_MS = {
  portfolio: 30_000,
  nativeBalance: 30_000,
  ens: 300_000,
  identity: 300_000,
  tokenBalanceRetryGuard: 30_000,
} as const
export const ANIMATION_MS = { headerText: 120, modalHeight: 150, viewTransition: 150, shake: 500 } as const
export const MODAL_WIDTH_PX = 360
export const DEFAULT_Z_INDEX = 999
export const DEFAULT_CHAIN = 'eip155:1'
/** SPEC §3: every local-storage key starts with this prefix. */
export const STORAGE_PREFIX = '@appkit-wallet/'
export const LOG_BUFFER_BYTES = 1_024_000
export const BLOB_LIMIT_BYTES = 761_855
/** Decimal strings, like the amounts they bound, so comparisons need no float. */
export const ONRAMP_LIMITS_USD = {
  card: { min: '10.00', max: '7500.00' },
  ach: { min: '10.00', max: '25000.00' },
} as const
/**
 * SPEC §9 swap slippage: the shared default, in percent (Reown's convert tolerance); the Swap view
 * lets the user pick another.
 */
export const SWAP_SLIPPAGE_PERCENT = '1'
