import { type HostClient, isInjectedConnector, NotConnectedError, type SwapTx } from '@modalkit/protocol'
import type { Network } from '@modalkit/shared'
import type { Connector } from '../../connectors/Connector.ts'

export type SendEvmTransactionParameters = {
  tx: SwapTx
  network: Network
  /** The active eip155 account's connector id. */
  connectorId: string | undefined
  /** The host loader, which asks a browser wallet of the host page (so the wallet sees the site). */
  host: HostClient | undefined
  /** The active wallet's connector otherwise (the embedded wallet's secure frame, WalletConnect). */
  connector: Connector<never> | undefined
}

const hex = (value: string) => `0x${BigInt(value).toString(16)}`

/**
 * Asks the user's wallet to send a transaction the API built (Swap's approve and swap): a browser
 * wallet through the loader, the embedded wallet through its secure frame's approval (SPEC §6),
 * a paired wallet over WalletConnect. Answers the transaction hash the wallet gives.
 */
export async function sendEvmTransaction(p: SendEvmTransactionParameters): Promise<string> {
  const { tx } = p
  const transaction = {
    from: tx.from,
    to: tx.to,
    data: tx.data,
    value: hex(tx.amount),
    gas: hex(tx.eip155.gas),
    chainId: hex(String(p.network.id)),
  }
  // One transaction: the loader's contract takes exactly one (injectedSendParamsSchema).
  const params: [typeof transaction] = [transaction]
  const hash = isInjectedConnector(p.connectorId)
    ? await p.host?.injectedRequest({ method: 'eth_sendTransaction', params })
    : await p.connector?.request({
        namespace: 'eip155',
        method: 'eth_sendTransaction',
        params,
        network: p.network,
      })
  if (hash === undefined) throw new NotConnectedError('no wallet to send the transaction')
  if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash))
    throw new TypeError('the wallet answered no transaction hash')
  return hash
}
