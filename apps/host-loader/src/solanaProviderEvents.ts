import type { HostSnapshot } from '@modalkit/protocol'

export type SolanaProviderEvent = ['connect', string] | ['disconnect', undefined] | ['accountChanged', string]

/** The connected Solana account's address (base58), as the provider's `publicKey` answers it. */
export function solanaPublicKey(snapshot: HostSnapshot): string | null {
  const account = snapshot.accounts.find((a) => a.namespace === 'solana')
  return account?.status === 'connected' && account.address ? account.address : null
}

/**
 * The events a state change means for the Solana provider, as injected Solana wallets send them:
 * `connect` with the public key, `disconnect`, and `accountChanged` with the new key when another
 * account replaces the connected one.
 */
export function solanaProviderEvents(previous: HostSnapshot, next: HostSnapshot): SolanaProviderEvent[] {
  const before = solanaPublicKey(previous)
  const after = solanaPublicKey(next)
  if (before === after) return []
  if (before === null) return [['connect', after!]]
  if (after === null) return [['disconnect', undefined]]
  return [['accountChanged', after]]
}
