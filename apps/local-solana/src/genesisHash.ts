/**
 * The local cluster's genesis hash. litesvm has no genesis block, so this is a fixed value:
 * base58(sha256('modalkit local solana cluster genesis')), checked by its test. Real clusters are
 * named in CAIP-2 by the first 32 characters of their genesis hash, so the local cluster is
 * `solana:GRYnpvyTctLiftw4vtvrNBxCJFxVdCTn` (LOCAL_SOLANA_CAIP2).
 */
export const GENESIS_HASH = 'GRYnpvyTctLiftw4vtvrNBxCJFxVdCTncozm53pCywZ'

/** CAIP-2 id of the local cluster: `solana:` + the first 32 characters of its genesis hash. */
export const LOCAL_SOLANA_CAIP2 = `solana:${GENESIS_HASH.slice(0, 32)}`
