import type { WalletRequest } from '../../wallet/WalletRequest.ts'
import type { RequestPlan } from '../RequestPlan.ts'
import type { EoaRequestContext } from './planSignature.ts'

/**
 * eth_sendTransaction from the EOA: checked and filled first (nonce, gas, fees by RPC), so the screen
 * shows the fees, and exactly the filled transaction is signed and sent once approved.
 */
export async function planTransaction(
  { wallet, siteNetworkName }: EoaRequestContext,
  request: WalletRequest,
): Promise<RequestPlan> {
  const prepared = await wallet.transactions.prepare(request, siteNetworkName)
  return {
    description: prepared.description,
    perform: (signal) => wallet.transactions.send(prepared, signal),
  }
}

/** wallet_sendCalls from the EOA: the batch checked and every call filled before the screen, as above. */
export async function planCalls({ wallet }: EoaRequestContext, request: WalletRequest): Promise<RequestPlan> {
  const prepared = await wallet.calls.prepare(request)
  return { description: prepared.description, perform: (signal) => wallet.calls.send(prepared, signal) }
}
