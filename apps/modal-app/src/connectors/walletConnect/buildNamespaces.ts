import { BITCOIN_METHODS } from '@modalkit/protocol'
import type { Network } from '@modalkit/shared'

/** What a WalletConnect proposal asks per namespace (WalletConnect's `NamespaceConfig` shape). */
export type ProposalNamespace = {
  chains: string[]
  methods: string[]
  events: string[]
  rpcMap: Record<string, string>
}

/**
 * Methods proposed to the wallet. eip155: the signing and wallet methods of SPEC §6 plus chain
 * switching; solana: the four signing methods; bip122: WalletConnect's Bitcoin RPC. Reads never go
 * to the wallet (the API's RPC proxy answers them), so they are not proposed.
 */
export const WALLETCONNECT_METHODS = {
  eip155: [
    'personal_sign',
    'eth_signTypedData_v4',
    'eth_sendTransaction',
    'eth_accounts',
    'eth_requestAccounts',
    'wallet_switchEthereumChain',
    'wallet_addEthereumChain',
    'wallet_sendCalls',
    'wallet_getCapabilities',
    'wallet_getCallsStatus',
    'wallet_grantPermissions',
    'wallet_revokePermissions',
  ],
  solana: [
    'solana_signMessage',
    'solana_signTransaction',
    'solana_signAllTransactions',
    'solana_signAndSendTransaction',
  ],
  bip122: BITCOIN_METHODS,
} as const

/** The namespaces WalletConnect serves here. */
export type WalletConnectNamespace = keyof typeof WALLETCONNECT_METHODS

const EVENTS: Record<WalletConnectNamespace, string[]> = {
  eip155: ['chainChanged', 'accountsChanged'],
  solana: [],
  // WalletConnect's Bitcoin RPC: the wallet tells the account's current addresses.
  bip122: ['bip122_addressesChanged'],
}

const isWalletConnectNamespace = (namespace: string): namespace is WalletConnectNamespace =>
  namespace in WALLETCONNECT_METHODS

/**
 * The optional namespaces of a proposal for the site's networks: every configured eip155, solana and
 * bip122 network, each chain's RPC through the API's proxy (so no request leaves for a public node;
 * the API has no Bitcoin node, so bip122 chains name none).
 *
 * @example buildNamespaces(networks, (id) => `${api}/v1/?chainId=${id}&projectId=demo`)
 */
export function buildNamespaces(
  networks: readonly Network[],
  rpcUrl: (caipNetworkId: string) => string,
): Partial<Record<WalletConnectNamespace, ProposalNamespace>> {
  const result: Partial<Record<WalletConnectNamespace, ProposalNamespace>> = {}
  for (const network of networks) {
    const namespace = network.chainNamespace
    if (!isWalletConnectNamespace(namespace)) continue
    const entry = result[namespace] ?? {
      chains: [],
      methods: [...WALLETCONNECT_METHODS[namespace]],
      events: [...EVENTS[namespace]],
      rpcMap: {},
    }
    result[namespace] = entry
    entry.chains.push(network.caipNetworkId)
    if (namespace === 'bip122') continue
    // WalletConnect keys eip155 rpcMap entries by chain id, the others by the CAIP-2 id.
    entry.rpcMap[namespace === 'eip155' ? String(network.id) : network.caipNetworkId] = rpcUrl(
      network.caipNetworkId,
    )
  }
  return result
}
