import { isNamespace, type Namespace } from './namespaces.ts'
import type { CaipNetworkIdString } from './parseCaipNetworkId.ts'

/** Reference and account address of CAIP-10, as `caipAddressSchema` of `@modalkit/protocol` accepts. */
const REFERENCE = /^[-_a-zA-Z0-9]{1,64}$/
const ADDRESS = /^[-.%a-zA-Z0-9]{1,128}$/

export type ParseCaipAddressReturnType =
  | { namespace: Namespace; reference: string; address: string; caipNetworkId: CaipNetworkIdString }
  | undefined

/**
 * Splits a CAIP-10 account id (`eip155:1:0xabc…`): exactly three colon-separated parts with a SPEC §3
 * namespace. Anything else gives `undefined`, which apps turn into 'Invalid CAIP-10 address' (SPEC §5);
 * it never throws. The address is not checked against its namespace: see `isAddressForNamespace`.
 *
 * @example
 * parseCaipAddress('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM')
 * // { namespace: 'solana', reference: '5eykt4…', address: '9WzD…', caipNetworkId: 'solana:5eykt4…' }
 */
export function parseCaipAddress(text: string): ParseCaipAddressReturnType {
  const parts = text.split(':')
  if (parts.length !== 3) return undefined
  const [namespace = '', reference = '', address = ''] = parts
  if (!isNamespace(namespace) || !REFERENCE.test(reference) || !ADDRESS.test(address)) return undefined
  return { namespace, reference, address, caipNetworkId: `${namespace}:${reference}` }
}
