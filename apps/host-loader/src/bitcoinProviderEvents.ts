import type { HostSnapshot } from '@modalkit/protocol'

export type BitcoinProviderEvent =
  | ['connect', string]
  | ['disconnect', undefined]
  | ['accountsChanged', string[]]
  | ['chainChanged', string]

/** The connected Bitcoin account's address (its first external address), or null. */
export function bitcoinAddress(snapshot: HostSnapshot): string | null {
  const account = snapshot.accounts.find((a) => a.namespace === 'bip122')
  return account?.status === 'connected' && account.address ? account.address : null
}

/** The selected network when it is a Bitcoin one. */
function bitcoinChain(snapshot: HostSnapshot): string | undefined {
  const id = snapshot.selectedNetworkId
  return id?.startsWith('bip122:') ? id : undefined
}

/**
 * The events a state change means for the Bitcoin provider, as Reown AppKit's Bitcoin connectors
 * send them: `connect` with the address, `disconnect`, `accountsChanged` with the new address (a
 * switch between mainnet and testnet changes it: Bitcoin addresses are per network), and
 * `chainChanged` with the CAIP-2 id of the Bitcoin network selected while connected.
 */
export function bitcoinProviderEvents(previous: HostSnapshot, next: HostSnapshot): BitcoinProviderEvent[] {
  const before = bitcoinAddress(previous)
  const after = bitcoinAddress(next)
  const events: BitcoinProviderEvent[] = []
  if (before === null && after !== null) events.push(['connect', after])
  else if (before !== null && after === null) return [['disconnect', undefined]]
  else if (before !== after && after !== null) events.push(['accountsChanged', [after]])
  const chain = bitcoinChain(next)
  if (after !== null && chain && chain !== bitcoinChain(previous)) events.push(['chainChanged', chain])
  return events
}
