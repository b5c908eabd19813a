const NAMESPACES = new Set(['eip155', 'solana', 'polkadot', 'bip122', 'cosmos'])
const PART = /^[-_a-zA-Z0-9]{1,64}$/
const ADDRESS = /^[-.%a-zA-Z0-9]{1,128}$/

export type ParsedCaipNetworkId = { namespace: string; reference: string; caipNetworkId: string }
export type ParsedCaipAddress = ParsedCaipNetworkId & { address: string }

/**
 * CAIP-2: two colon-separated parts with a known namespace. `undefined` otherwise: apps turn it
 * into 'Invalid CAIP-2 network id'.
 */
export function parseCaipNetworkId(text: string): ParsedCaipNetworkId | undefined {
  const parts = text.split(':')
  if (parts.length !== 2) return undefined
  const [namespace, reference] = parts as [string, string]
  if (!NAMESPACES.has(namespace) || !PART.test(reference)) return undefined
  return { namespace, reference, caipNetworkId: text }
}

/** CAIP-10: three colon-separated parts with a known namespace ('Invalid CAIP-10 address' otherwise). */
export function parseCaipAddress(text: string): ParsedCaipAddress | undefined {
  const parts = text.split(':')
  if (parts.length !== 3) return undefined
  const [namespace, reference, address] = parts as [string, string, string]
  if (!NAMESPACES.has(namespace) || !PART.test(reference) || !ADDRESS.test(address)) return undefined
  return { namespace, reference, address, caipNetworkId: `${namespace}:${reference}` }
}
