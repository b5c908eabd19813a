import type { HostSnapshot } from '@modalkit/protocol'

export type ProviderEvent =
  | ['connect', { chainId: string }]
  | ['disconnect', { code: 4900; message: string }]
  | ['accountsChanged', string[]]
  | ['chainChanged', string]

/** `0x`-prefixed chain id of the snapshot's network when it is an EVM one. */
export function eip155ChainId(snapshot: HostSnapshot): string | undefined {
  const network = snapshot.network
  if (network?.chainNamespace !== 'eip155') return undefined
  const id = typeof network.id === 'number' ? network.id : Number(network.id)
  return Number.isSafeInteger(id) ? `0x${id.toString(16)}` : undefined
}

/** Connected EVM accounts of the snapshot, as `eth_accounts` answers them. */
export function eip155Accounts(snapshot: HostSnapshot): string[] {
  const account = snapshot.accounts.find((a) => a.namespace === 'eip155')
  return account?.status === 'connected' && account.address ? [account.address] : []
}

/**
 * The EIP-1193 events a state change means for the host page's provider, in the order a browser
 * wallet sends them: connect before accountsChanged, disconnect after it.
 */
export function providerEvents(previous: HostSnapshot, next: HostSnapshot): ProviderEvent[] {
  const events: ProviderEvent[] = []
  const wasAccounts = eip155Accounts(previous)
  const accounts = eip155Accounts(next)
  const chainBefore = eip155ChainId(previous)
  const chain = eip155ChainId(next)
  const connected = wasAccounts.length === 0 && accounts.length > 0
  const disconnected = wasAccounts.length > 0 && accounts.length === 0
  if (connected && chain) events.push(['connect', { chainId: chain }])
  if (wasAccounts.join() !== accounts.join()) events.push(['accountsChanged', accounts])
  if (disconnected)
    events.push(['disconnect', { code: 4900, message: 'The provider is disconnected from all chains' }])
  if (chain && chainBefore !== chain && !connected) events.push(['chainChanged', chain])
  return events
}
