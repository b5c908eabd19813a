import { InvalidCaipNetworkIdError } from '@modalkit/protocol'
import type { WalletRequest } from './WalletRequest.ts'

export type RequestChain =
  | { namespace: 'eip155'; caipNetworkId: `eip155:${string}`; chainId: bigint }
  | { namespace: 'solana'; caipNetworkId: `solana:${string}` }

/** The request's chain as a CAIP-2 id (for the RPC) and, for EVM, the chain id the signature binds. */
export function toRequestChain({ chainId, chainNamespace }: WalletRequest): RequestChain {
  const text = String(chainId)
  const [prefix, reference] = text.includes(':') ? text.split(':', 2) : [chainNamespace, text]
  if (prefix !== chainNamespace || !reference) throw new InvalidCaipNetworkIdError(text)
  if (chainNamespace === 'eip155') {
    if (!/^(0x[0-9a-fA-F]{1,16}|[1-9][0-9]{0,18})$/.test(reference)) throw new InvalidCaipNetworkIdError(text)
    const id = BigInt(reference)
    return { namespace: 'eip155', caipNetworkId: `eip155:${id}`, chainId: id }
  }
  if (chainNamespace === 'solana' && /^[1-9A-HJ-NP-Za-km-z]{32}$/.test(reference)) {
    return { namespace: 'solana', caipNetworkId: `solana:${reference}` }
  }
  throw new InvalidCaipNetworkIdError(text)
}
