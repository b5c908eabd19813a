import { codeOf } from './walletError.ts'

/** EIP-1193 4200 (unsupported method) and JSON-RPC -32601 (method not found): the wallet has no such method. */
const NO_SUCH_METHOD = [4200, -32601]

type Send = (method: string, params: unknown) => Promise<unknown>

/**
 * A browser wallet's request, with EIP-7811 wallet_getAssets answered by the modal (from the API's
 * balances, SPEC §6 safe) when the wallet says it has no such method. Every other method, and any
 * other failure, is the wallet's alone.
 */
export async function withAssetsFallback(
  method: string,
  params: unknown,
  wallet: Send,
  modal: Send,
): Promise<unknown> {
  if (method !== 'wallet_getAssets') return wallet(method, params)
  try {
    return await wallet(method, params)
  } catch (error) {
    if (!NO_SUCH_METHOD.includes(codeOf(error) ?? 0)) throw error
    return modal(method, params)
  }
}
