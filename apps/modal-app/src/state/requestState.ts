import type { AccountState } from '@modalkit/protocol'
import type { Network } from '@modalkit/shared'
import type { Connector } from '../connectors/Connector.ts'

/**
 * What a request reads of the modal's state, taken as it arrives: a network switch, a disconnect or
 * new networks the page asks for after it cannot change the chain or the wallet it goes to, however
 * long its code takes to load: an eth_sendTransaction sent before a switch goes to the chain it was
 * sent on, or to no wallet, never to another one.
 */
export type RequestState = {
  networks: readonly Network[]
  /** The network a request of its namespace is for (networkFor). */
  network: Network | undefined
  accounts: readonly AccountState[]
  /** The wallet active in its namespace, which signs. */
  connector: Connector<never> | undefined
}

/** The chain id an EIP-3326 / EIP-3085 request names, when well-formed. */
export function requestedChainId(params: unknown): { hex: unknown; id: number | undefined } {
  const [target] = Array.isArray(params) ? params : []
  const hex =
    typeof target === 'object' && target !== null ? (target as { chainId?: unknown }).chainId : undefined
  const id =
    typeof hex === 'string' && /^0x[0-9a-fA-F]{1,16}$/.test(hex) ? Number.parseInt(hex, 16) : undefined
  return { hex, id }
}
