import { ActionNotAllowedError } from '@modalkit/protocol'
import type { RequestDescription } from '../keys/RequestDescription.ts'
import type { EmbeddedWallet } from '../wallet/createEmbeddedWallet.ts'
import type { WalletRequest } from '../wallet/WalletRequest.ts'

/** An unsafe request ready for the approval screen: what it shows, and what runs once approved. */
export type RequestPlan = {
  description: RequestDescription
  perform(signal: AbortSignal): Promise<unknown>
}

/**
 * What the approval shows and then does for an unsafe request. A wallet_sendCalls batch and an
 * eth_sendTransaction are checked and filled first (nonces, gas, fees by RPC), so the screen shows the
 * fees and exactly what it shows is signed (issue 14). `siteNetworkName` is the network's name as the
 * site configured it: shown, marked as the site's, only for a chain the frame does not know.
 */
export async function planUnsafeRequest(
  wallet: EmbeddedWallet,
  request: WalletRequest,
  siteNetworkName?: string,
): Promise<RequestPlan> {
  if (request.method === 'eth_sendTransaction') {
    const prepared = await wallet.transactions.prepare(request, siteNetworkName)
    return {
      description: prepared.description,
      perform: (signal) => wallet.transactions.send(prepared, signal),
    }
  }
  if (request.method === 'wallet_sendCalls') {
    const prepared = await wallet.calls.prepare(request)
    return { description: prepared.description, perform: (signal) => wallet.calls.send(prepared, signal) }
  }
  return {
    description: await wallet.describeForApproval(request),
    perform: (signal) => wallet.sign(request, signal),
  }
}

/** Bitcoin's getAccountAddresses: public data, answered without a screen like an EVM account read. */
export const isSilentBitcoinRead = (request: Pick<WalletRequest, 'method' | 'chainNamespace'>) =>
  request.chainNamespace === 'bip122' && request.method === 'getAccountAddresses'

/**
 * The safe requests the frame answers itself, without a screen (SPEC §6): the EIP-5792 reads, and
 * the Bitcoin account's addresses. Other reads go to the API's chain RPC from the modal, never here.
 */
export async function answerSafeRequest(wallet: EmbeddedWallet, request: WalletRequest): Promise<unknown> {
  if (isSilentBitcoinRead(request)) {
    const account = await wallet.bitcoinAccount(request)
    const { accountAddresses, checkAddressesParams } = await import('../wallet/bitcoin/bitcoinRequests.ts')
    checkAddressesParams(request, account)
    return accountAddresses(account)
  }
  switch (request.method) {
    case 'wallet_getCapabilities':
      return wallet.calls.getCapabilities(request)
    case 'wallet_getCallsStatus':
      return wallet.calls.getStatus(request)
    default:
      throw new ActionNotAllowedError(`method: ${request.method}`)
  }
}
