import type { Currency } from '@modalkit/protocol'
import { LOCAL_CHAIN_WORLD, LOCAL_SPL_MINT_ADDRESS } from '@modalkit/shared'

/**
 * The project's own price table: USD per whole unit, for the tokens of the local chain
 * world and the native currencies. A token not listed has no price (0): it still shows, valued at 0.
 * Keys: `eip155:<address lower-case>` (the same contracts on every local EVM chain), `solana:<mint>`,
 * and `<namespace>:native`.
 */
const USD_PRICES: ReadonlyMap<string, number> = new Map([
  ['eip155:native', 3000],
  ['solana:native', 150],
  [`eip155:${LOCAL_CHAIN_WORLD.weth.toLowerCase()}`, 3000],
  [`eip155:${LOCAL_CHAIN_WORLD.usd.toLowerCase()}`, 1],
  [`eip155:${LOCAL_CHAIN_WORLD.token.toLowerCase()}`, 2.5],
  [`solana:${LOCAL_SPL_MINT_ADDRESS}`, 1],
])

/** Fiat per USD. */
const FIAT_PER_USD: Record<Currency, number> = { usd: 1, eur: 0.92 }

/** Names of SPL mints the project knows (SPL mints carry no name on chain without a metadata program). */
export const SPL_TOKEN_NAMES: ReadonlyMap<string, { name: string; symbol: string }> = new Map([
  [LOCAL_SPL_MINT_ADDRESS, { name: 'Local USD', symbol: 'LUSD' }],
])

/** The price of one unit in `currency`: `token` undefined is the namespace's native currency. */
export function priceOf(namespace: string, token: string | undefined, currency: Currency): number {
  const key = `${namespace}:${token === undefined ? 'native' : namespace === 'eip155' ? token.toLowerCase() : token}`
  return (USD_PRICES.get(key) ?? 0) * FIAT_PER_USD[currency]
}
