import { callNode } from '../chain/callNode.ts'

/**
 * SPEC §7 convert gas price, in wei per gas: the node's own `eth_gasPrice` as standard, with 20%
 * and 50% more offered for a faster inclusion (a local node includes every transaction at once).
 */
export async function readGasPrice(
  url: string,
): Promise<{ standard: string; fast: string; instant: string }> {
  const standard = BigInt(await callNode<string>(url, 'eth_gasPrice'))
  return {
    standard: standard.toString(),
    fast: ((standard * 12n) / 10n).toString(),
    instant: ((standard * 15n) / 10n).toString(),
  }
}
