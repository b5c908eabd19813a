/**
 * What guardedFetch may reach beyond public https. `localOrigins`: origins fetched over http and at
 * any address, only the test stack's own NFT metadata server (its tokenURIs point at the demo site on
 * loopback). Set by `NFT_FETCH_LOCAL_ORIGINS`, and refused without `MODALKIT_TEST_STACK=true`, with
 * `NODE_ENV=production`, or with an https `API_ORIGIN`, like the auth clock: production cannot open it.
 * `ipfsGateway`: where `ipfs://` URLs are read (`IPFS_GATEWAY`, an https URL).
 */
export type OutboundPolicy = { localOrigins: ReadonlySet<string>; ipfsGateway: string }

const DEFAULT_IPFS_GATEWAY = 'https://ipfs.io/ipfs/'

export function readOutboundPolicy(env: NodeJS.ProcessEnv = process.env): OutboundPolicy {
  const ipfsGateway = env.IPFS_GATEWAY || DEFAULT_IPFS_GATEWAY
  if (!ipfsGateway.startsWith('https://')) throw new Error('IPFS_GATEWAY must be an https URL')
  const text = env.NFT_FETCH_LOCAL_ORIGINS ?? ''
  if (text === '') return { localOrigins: new Set(), ipfsGateway }
  if (
    env.MODALKIT_TEST_STACK !== 'true' ||
    env.NODE_ENV === 'production' ||
    env.API_ORIGIN?.startsWith('https:')
  )
    throw new Error(
      'NFT_FETCH_LOCAL_ORIGINS is for the test stack (MODALKIT_TEST_STACK=true), never production',
    )
  const localOrigins = new Set(
    text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map((s) => new URL(s).origin),
  )
  return { localOrigins, ipfsGateway }
}
