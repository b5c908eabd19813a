import { getNetwork } from '@modalkit/shared'
import { phrase, type Shown } from '../i18n/phrase.ts'
import type { RequestField } from './RequestDescription.ts'

export type DescribedNetwork = {
  field: RequestField
  /**
   * An amount of the chain's own currency, as written: with its symbol (POL on Polygon) from the
   * frame's table; in 'native units' otherwise (a site cannot name the currency either).
   */
  amount(written: string): Shown
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
  const label = phrase('field.network')
  if (known) {
    const { symbol, decimals } = known.nativeCurrency
    return {
      field: { label, value: phrase('network.known', { name: known.name, id: caipNetworkId }) },
      amount: (written) => `${written} ${symbol}`,
      decimals,
    }
  }
  const value = siteName
    ? phrase('network.namedBySite', { name: siteName, id: caipNetworkId })
    : phrase('network.unknown', { id: caipNetworkId })
  // Every eip155 native currency has 18 decimals; its symbol is unknown, so none is claimed.
  return {
    field: { label, value },
    amount: (written) => phrase('value.nativeUnits', { amount: written }),
    decimals: 18,
  }
}
