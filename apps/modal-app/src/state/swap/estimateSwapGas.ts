import type { ApiClient } from '../../api/createApiClient.ts'
import type { Store } from '../atoms.ts'
import { swapQuoteAtom } from './swapAtoms.ts'

export type EstimateSwapGasParameters = {
  api: Pick<ApiClient, 'buildSwapTransaction' | 'rpc'>
  projectId: string
  /** CAIP-2 network id the swap runs on. */
  chainId: string
  /** What Swap would send: the same body as its build-transaction call. */
  body: { amount: string; slippage: string; from: string; to: string; userAddress: string }
}

/**
 * The gas of the swap's actual call: the transaction the router's API builds for the form as it is,
 * estimated by the node (`eth_estimateGas` from the user's account). Undefined when it cannot be
 * known yet (the build failed, or the call would revert now: a token not yet approved): no figure
 * is made up.
 */
export async function estimateSwapGas({
  api,
  projectId,
  chainId,
  body,
}: EstimateSwapGasParameters): Promise<bigint | undefined> {
  try {
    const { tx } = await api.buildSwapTransaction(projectId, body)
    const value = `0x${BigInt(tx.amount).toString(16)}`
    const gas = await api.rpc(projectId, chainId, 'eth_estimateGas', [
      { from: tx.from, to: tx.to, data: tx.data, value },
    ])
    return typeof gas === 'string' && /^0x[0-9a-fA-F]{1,16}$/.test(gas) ? BigInt(gas) : undefined
  } catch {
    return undefined
  }
}

/** The quote for `key`, once its gas is known, with that gas (a quote since replaced is left alone). */
export async function addSwapGas(
  store: Store,
  key: string,
  params: EstimateSwapGasParameters,
): Promise<void> {
  const gas = await estimateSwapGas(params)
  const shown = store.get(swapQuoteAtom)
  if (gas !== undefined && shown.status === 'ready' && shown.for === key)
    store.set(swapQuoteAtom, { ...shown, gas })
}
