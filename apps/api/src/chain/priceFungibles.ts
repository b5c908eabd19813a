import type { Currency } from '@modalkit/protocol'
import { getNetwork } from '@modalkit/shared'
import type { Db } from '../db/Db.ts'
import { priceOf, SPL_TOKEN_NAMES } from './priceTable.ts'

export type Fungible = { name: string; symbol: string; price: number }

/**
 * SPEC §7 fungible price: one entry per known CAIP-10 address (`eip155:31337:0x…`, `eip155:31337:native`,
 * `solana:<ref>:<mint>`), names from the indexer's token table, prices from the project's table.
 * Unknown tokens are left out, as the data API does.
 */
export async function priceFungibles(
  db: Db,
  addresses: readonly string[],
  currency: Currency,
): Promise<Fungible[]> {
  const result: Fungible[] = []
  for (const caip10 of addresses) {
    const parts = caip10.split(':')
    if (parts.length !== 3) continue
    const [namespace, reference, token] = parts as [string, string, string]
    const chain = `${namespace}:${reference}`
    if (token === 'native') {
      const native = getNetwork(chain)?.nativeCurrency
      if (native)
        result.push({
          name: native.name,
          symbol: native.symbol,
          price: priceOf(namespace, undefined, currency),
        })
      continue
    }
    if (namespace === 'solana') {
      const known = SPL_TOKEN_NAMES.get(token)
      if (known) result.push({ ...known, price: priceOf(namespace, token, currency) })
      continue
    }
    const rows = await db.query<{ name: string; symbol: string }>(
      `select name, symbol from chain_tokens where chain = $1 and address = $2 and standard = 'erc20'`,
      [chain, token.toLowerCase()],
    )
    const row = rows[0]
    if (row) result.push({ name: row.name, symbol: row.symbol, price: priceOf(namespace, token, currency) })
  }
  return result
}
