import type { SmartAccountsReply } from '@modalkit/protocol'
import type { Address, Hex } from 'viem'
import { createChainRpc } from '../router/createChainRpc.ts'
import type { SmartAccountSession } from './SmartAccountSession.ts'

export type SmartAccountEndpoints = { rpcUrl: string; bundlerUrl: string; paymasterUrl: string }

export type CreateSmartAccountsParameters = {
  /** The API's settings for the site served (networks with a bundler, factory, sponsoring). */
  settings(): Promise<SmartAccountsReply>
  /** The logged-in wallet's EOA, the accounts' owner (throws when nobody is logged in). */
  owner(): {
    address: string
    signDigest(digest: string): Promise<string>
    /** The session's bearer token as a header value: the paymaster sponsors only this owner's account. */
    authorization(): string | undefined
  }
  /** The API's chain proxy, bundler and paymaster URLs for a CAIP-2 chain and the site served. */
  endpoints(caipChainId: string): SmartAccountEndpoints
}

/**
 * The embedded wallet's smart accounts, one per chain with a bundler, built on first use
 * (the account code is a lazy chunk) and kept for the owner logged in. Solady's factory gives the
 * same address on every chain it is deployed to with the owner's salt.
 */
export function createSmartAccounts({ settings, owner, endpoints }: CreateSmartAccountsParameters) {
  const sessions = new Map<string, Promise<SmartAccountSession>>()
  const build = async (caipChainId: string, config: SmartAccountsReply) => {
    const { createSmartAccount, toOwnerAccount } = await import('./createSmartAccount.ts')
    const { address, signDigest, authorization } = owner()
    const { rpcUrl, bundlerUrl, paymasterUrl } = endpoints(caipChainId)
    const rpc = createChainRpc(() => rpcUrl)
    return createSmartAccount({
      owner: toOwnerAccount(address as Address, (digest) => signDigest(digest) as Promise<Hex>),
      chainId: Number(caipChainId.slice('eip155:'.length)),
      rpc: (method, params) => rpc(caipChainId, method, params),
      bundlerUrl,
      paymasterUrl,
      authorization,
      config,
    })
  }
  return {
    /** The chains where a smart account can act (SPEC GET_SMART_ACCOUNT_ENABLED_NETWORKS). */
    async networks(): Promise<string[]> {
      return (await settings()).networks
    },
    /** The owner's smart account on `caipChainId`; undefined where the chain has no bundler. */
    async session(caipChainId: string): Promise<SmartAccountSession | undefined> {
      const config = await settings()
      if (!config.networks.includes(caipChainId)) return undefined
      const key = `${owner().address.toLowerCase()} ${caipChainId}`
      let session = sessions.get(key)
      if (!session) {
        session = build(caipChainId, config)
        sessions.set(key, session)
        session.catch(() => sessions.delete(key))
      }
      return session
    },
    /** Sign-out: another owner logging in here gets their own accounts. */
    forget(): void {
      sessions.clear()
    },
  }
}

export type SmartAccounts = ReturnType<typeof createSmartAccounts>
