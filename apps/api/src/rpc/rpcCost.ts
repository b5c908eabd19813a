import type { JsonRpcRequest } from '@modalkit/protocol'

/**
 * What a call costs against the proxy's quotas: 1, more for methods that make a node work hard
 * (log scans over block ranges, EVM execution, account scans), so a flood of cheap-looking batches
 * of eth_getLogs is stopped as early as the node's own cost suggests.
 */
const METHOD_COST: Readonly<Record<string, number>> = {
  eth_getLogs: 20,
  eth_call: 5,
  eth_estimateGas: 5,
  eth_createAccessList: 5,
  eth_feeHistory: 2,
  getProgramAccounts: 20,
  getSignaturesForAddress: 5,
}

export function rpcCost(body: JsonRpcRequest | readonly JsonRpcRequest[]): number {
  const calls = Array.isArray(body) ? body : [body as JsonRpcRequest]
  return calls.reduce((sum, call) => sum + (METHOD_COST[call.method] ?? 1), 0)
}
