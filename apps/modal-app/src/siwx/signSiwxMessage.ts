import { type HostClient, isInjectedConnector, type Namespace } from '@modalkit/protocol'
import { encodeBase58, type Network } from '@modalkit/shared'
import type { Connector } from '../connectors/Connector.ts'
import { sendSolanaRequest } from '../connectors/solana/sendSolanaRequest.ts'

export type SignSiwxMessageParameters = {
  text: string
  namespace: Namespace
  address: string
  connectorId: string | undefined
  network: Network | undefined
  /** The host loader, which asks a browser wallet of the host page. */
  host: HostClient | undefined
  /** The connector of the active wallet (WalletConnect, the embedded wallet's secure frame). */
  connector: Connector<never> | undefined
}

const toHex = (bytes: Uint8Array) => `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`

/**
 * Asks the active wallet to sign the sign-in text: `personal_sign` (EIP-191) on eip155, a browser
 * wallet through the loader so it sees the site's origin; `solana_signMessage` on solana, whose
 * base58 signature is the Ed25519 one the verifier checks. The wallet shows the text itself.
 */
export async function signSiwxMessage(p: SignSiwxMessageParameters): Promise<string> {
  const bytes = new TextEncoder().encode(p.text)
  if (p.namespace === 'eip155') {
    const params = [toHex(bytes), p.address]
    const signature = isInjectedConnector(p.connectorId)
      ? await p.host?.injectedRequest({ method: 'personal_sign', params })
      : await p.connector?.request({
          namespace: 'eip155',
          method: 'personal_sign',
          params,
          network: p.network,
        })
    if (typeof signature !== 'string' || !/^0x[0-9a-fA-F]+$/.test(signature))
      throw new TypeError('the wallet answered no signature')
    return signature
  }
  if (p.namespace === 'solana' && p.connector) {
    const connector = p.connector
    const { signature } = await sendSolanaRequest({
      method: 'solana_signMessage',
      params: { message: encodeBase58(bytes), pubkey: p.address },
      signer: p.address,
      send: (method, params) =>
        connector.request({ namespace: 'solana', method, params, network: p.network }),
    })
    return signature
  }
  throw new TypeError(`no wallet signs in on ${p.namespace}`)
}
