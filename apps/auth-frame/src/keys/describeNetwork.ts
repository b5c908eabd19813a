import { getNetwork } from '@modalkit/shared'
import type { RequestField } from './RequestDescription.ts'

export type DescribedNetwork = {
  field: RequestField
  /** The chain's own currency symbol (POL on Polygon), from the frame's table; 'native units' otherwise. */
  symbol: string
  decimals: number
}

/**
 * The network line of an approval. A host page configures its networks, so a hostile one could call
 * chain 1 "Local test chain": known chains are named from the frame's own table (SPEC §9 constants in
 * @modalkit/shared), never by the site. Another chain shows the name the site gave, marked as such,
 * and its currency is not claimed. The CAIP-2 id is always shown.
 */
export function describeNetwork(caipNetworkId: string, siteName?: string): DescribedNetwork {
  const known = getNetwork(caipNetworkId)
  if (known) {
    return {
      field: { label: 'Network', value: `${known.name} (${caipNetworkId})` },
      symbol: known.nativeCurrency.symbol,
      decimals: known.nativeCurrency.decimals,
    }
  }
  const value = siteName
    ? `"${siteName}" (named by the site, unknown to the wallet) (${caipNetworkId})`
    : `Unknown network (${caipNetworkId})`
  // Every eip155 native currency has 18 decimals; its symbol is unknown, so none is claimed.
  return { field: { label: 'Network', value }, symbol: 'native units', decimals: 18 }
}
