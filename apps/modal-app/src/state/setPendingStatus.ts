import type { AccountState, Namespace } from '@modalkit/protocol'

/**
 * The accounts with `namespaces` marked `status`: 'connecting' while a wallet is asked, then
 * 'disconnected' when it failed or the attempt was left. A namespace where a wallet is connected,
 * this connector's included, is never touched (trying a wallet again, or a second one, does not
 * disconnect what is connected; the connector replaces its accounts itself on success), and going
 * back to 'disconnected' touches only namespaces still 'connecting' (SPEC §4, status per namespace).
 */
export function setPendingStatus(
  accounts: readonly AccountState[],
  namespaces: readonly Namespace[],
  status: 'connecting' | 'disconnected',
): AccountState[] {
  const touched = (namespace: Namespace) => {
    if (!namespaces.includes(namespace)) return false
    const current = accounts.find((a) => a.namespace === namespace)?.status
    return status === 'connecting'
      ? current !== 'connected'
      : current === undefined || current === 'connecting'
  }
  return [
    ...accounts.filter((a) => !touched(a.namespace)),
    ...namespaces.filter(touched).map((namespace): AccountState => ({ namespace, status })),
  ]
}
