import { Connection } from '@solana/web3.js'
import { useMemo } from 'react'
import { localSolana, solana, solanaDevnet, solanaTestnet } from '../networks.ts'
import { useAppKitNetworkCore } from '../react/index.ts'
import { siteRpcUrl } from '../siteNetworks.ts'

/** The Solana networks `@modalkit/appkit/networks` has, for a network the site gave by id only. */
const KNOWN = new Map(
  [solana, solanaDevnet, solanaTestnet, localSolana].map((network) => [
    network.caipNetworkId as string,
    network.rpcUrls.default.http[0],
  ]),
)

/** One Connection per RPC URL, so each render (and each component) gets the same one. */
const connections = new Map<string, Connection>()

/** The RPC URL of a Solana network: the site's network object's, else the known network's. */
export function solanaRpcUrl(caipNetworkId: string | undefined): string | undefined {
  if (!caipNetworkId?.startsWith('solana:')) return undefined
  return siteRpcUrl(caipNetworkId) ?? KNOWN.get(caipNetworkId)
}

/**
 * A `@solana/web3.js` Connection to the selected Solana network's RPC, as the Solana adapter's
 * `useAppKitConnection` of AppKit (`@reown/appkit-adapter-solana/react`), with its commitment
 * ('confirmed'). `undefined` while the selected network is not a Solana one, or is one whose RPC URL
 * is unknown (the site gave it by id only and `@modalkit/appkit/networks` does not have it).
 * @example
 * const { connection } = useAppKitConnection()
 * const balance = await connection?.getBalance(publicKey)
 */
export function useAppKitConnection(): { connection: Connection | undefined } {
  const { caipNetworkId } = useAppKitNetworkCore()
  return useMemo(() => {
    const url = solanaRpcUrl(caipNetworkId)
    if (!url) return { connection: undefined }
    let connection = connections.get(url)
    if (!connection) {
      connection = new Connection(url, 'confirmed')
      connections.set(url, connection)
    }
    return { connection }
  }, [caipNetworkId])
}
