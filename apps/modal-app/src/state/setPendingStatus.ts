import type { AccountState, Namespace } from '@modalkit/protocol'

/**
 * The accounts with `namespaces` marked `status` ('connecting' while a wallet is asked, or
 * 'disconnected' after it failed or left), except where another connector's wallet is connected: a
 * second wallet being tried does not disconnect the first (SPEC §4, connection status per namespace).
 */
export function setPendingStatus(
  accounts: readonly AccountState[],
  namespaces: readonly Namespace[],
  status: 'connecting' | 'disconnected',
  connectorId: string,
): AccountState[] {
  const keep = (a: AccountState) => a.status === 'connected' && a.connectorId !== connectorId
  return [
    ...accounts.filter((a) => !namespaces.includes(a.namespace) || keep(a)),
    ...namespaces
      .filter((namespace) => !accounts.some((a) => a.namespace === namespace && keep(a)))
      .map((namespace): AccountState => ({ namespace, status })),
  ]
}
