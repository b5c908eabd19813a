import {
  type AccountState,
  type CaipAddress,
  type CaipNetworkId,
  type Namespace,
  WALLET_CONNECT_CONNECTOR_ID,
} from '@modalkit/protocol'
import { isAddressForNamespace, parseCaipAddress } from '@modalkit/shared'

/** The part of a WalletConnect session this module reads (`SessionTypes.Struct['namespaces']`). */
export type SessionNamespaces = Record<
  string,
  { accounts: string[]; chains?: string[] | undefined; methods?: string[] | undefined }
>

/**
 * The accounts a session grants, one per namespace, as the modal's account state. The wallet's
 * session is untrusted input: accounts that are not well-formed CAIP-10 ids with an address of their
 * namespace's shape are skipped. Per namespace, the account on the preferred chain wins, else the first.
 *
 * @example
 * sessionAccounts({ eip155: { accounts: ['eip155:1:0xab…'] } }, ['eip155:1'])
 * // [{ namespace: 'eip155', status: 'connected', address: '0xab…', caipAddress: 'eip155:1:0xab…', … }]
 */
export function sessionAccounts(
  namespaces: SessionNamespaces,
  preferredChains: readonly CaipNetworkId[] = [],
): AccountState[] {
  const byNamespace = new Map<Namespace, NonNullable<ReturnType<typeof parseCaipAddress>>[]>()
  for (const { accounts } of Object.values(namespaces)) {
    for (const text of accounts) {
      const parsed = parseCaipAddress(text)
      if (!parsed || !isAddressForNamespace(parsed.namespace, parsed.address)) continue
      const list = byNamespace.get(parsed.namespace) ?? []
      list.push(parsed)
      byNamespace.set(parsed.namespace, list)
    }
  }
  const result: AccountState[] = []
  for (const [namespace, list] of byNamespace) {
    const pick = list.find((a) => preferredChains.includes(a.caipNetworkId as CaipNetworkId)) ?? list[0]!
    result.push({
      namespace,
      status: 'connected',
      address: pick.address,
      caipAddress: `${pick.caipNetworkId}:${pick.address}` as CaipAddress,
      type: 'eoa',
      connectorId: WALLET_CONNECT_CONNECTOR_ID,
    })
  }
  return result
}

/** The chains a session approved (SPEC §5: a WalletConnect chain switch needs an approved chain). */
export function approvedChains(namespaces: SessionNamespaces): string[] {
  const chains = new Set<string>()
  for (const { accounts, chains: listed } of Object.values(namespaces)) {
    for (const chain of listed ?? []) chains.add(chain)
    for (const account of accounts) {
      const parsed = parseCaipAddress(account)
      if (parsed) chains.add(parsed.caipNetworkId)
    }
  }
  return [...chains]
}

/**
 * The session's account on one chain. Bitcoin's addresses are per network (bc1… on mainnet, tb1… on
 * testnet), so a switch of network is a switch of account there; undefined when the session has none.
 *
 * @example accountOnChain({ bip122: { accounts: ['bip122:0009…:tb1q…'] } }, 'bip122:0009…')?.address // 'tb1q…'
 */
export function accountOnChain(
  namespaces: SessionNamespaces,
  caipNetworkId: string,
): AccountState | undefined {
  return sessionAccounts(namespaces, [caipNetworkId as CaipNetworkId]).find((a) =>
    a.caipAddress?.startsWith(`${caipNetworkId}:`),
  )
}
