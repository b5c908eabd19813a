import { ActionNotAllowedError } from '@modalkit/protocol'
import type { EmbeddedWallet } from '../wallet/createEmbeddedWallet.ts'
import type { WalletRequest } from '../wallet/WalletRequest.ts'

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
