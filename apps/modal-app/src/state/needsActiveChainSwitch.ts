import type { AccountState, Namespace } from '@modalkit/protocol'

/** What people call each chain family (SPEC §3 namespaces). */
export const CHAIN_FAMILY_NAMES: Record<Namespace, string> = {
  eip155: 'EVM',
  solana: 'Solana',
  bip122: 'Bitcoin',
  polkadot: 'Polkadot',
  cosmos: 'Cosmos',
}

/**
 * Whether picking a network of `target` needs SwitchActiveChain first (SPEC §2): it is another chain
 * family than the active one, a wallet is connected there, and none is connected in `target`. The
 * connected wallet cannot follow, so the user confirms switching families and connects another
 * wallet; the first one stays connected in its own namespace.
 */
export function needsActiveChainSwitch(
  target: Namespace,
  active: Namespace | undefined,
  accounts: readonly AccountState[],
): boolean {
  if (!active || target === active) return false
  const status = (namespace: Namespace) => accounts.find((a) => a.namespace === namespace)?.status
  return status(active) === 'connected' && status(target) !== 'connected'
}
