import { isNamespace, type Namespace } from './namespaces.ts'

/** The reference of CAIP-2, as `caipNetworkIdSchema` of `@modalkit/protocol` accepts it. */
const REFERENCE = /^[-_a-zA-Z0-9]{1,64}$/

export type CaipNetworkIdString = `${Namespace}:${string}`

export type ParseCaipNetworkIdReturnType =
  | { namespace: Namespace; reference: string; caipNetworkId: CaipNetworkIdString }
  | undefined

/**
 * Splits a CAIP-2 network id (`eip155:1`): exactly two colon-separated parts, a SPEC §3 namespace and
 * a reference. Anything else gives `undefined`, which apps turn into 'Invalid CAIP-2 network id'
 * (SPEC §5); it never throws.
 *
 * @example
 * parseCaipNetworkId('eip155:1') // { namespace: 'eip155', reference: '1', caipNetworkId: 'eip155:1' }
 * parseCaipNetworkId('eip155:1:0xabc') // undefined
 */
export function parseCaipNetworkId(text: string): ParseCaipNetworkIdReturnType {
  const parts = text.split(':')
  if (parts.length !== 2) return undefined
  const [namespace = '', reference = ''] = parts
  if (!isNamespace(namespace) || !REFERENCE.test(reference)) return undefined
  return { namespace, reference, caipNetworkId: `${namespace}:${reference}` }
}
