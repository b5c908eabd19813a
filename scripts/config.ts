import { randomBytes } from 'node:crypto'
/**
 * Where each part of the product listens. Origins are configuration, never constants in code: `npm
 * start` keeps plain localhost ports; the end-to-end suite gives each part its own site
 * (host.test, modal.test, auth.test, api.test) to exercise real cross-site boundaries.
 */
export type StackConfig = {
  bindHost: string
  demoOrigin: string
  modalOrigin: string
  authOrigin: string
  apiOrigin: string
  /** How servers on this machine reach the API (the browser-facing name may not resolve here). */
  apiInternalUrl: string
  /** Each local EVM node, and the ERC-4337 bundler (Alto) in front of it. */
  evmNodes: { chainId: number; port: number; bundlerPort: number }[]
  /** The local WalletConnect relay (apps/local-relay), ws on `bindHost`. */
  relayPort: number
  /** The local Solana cluster (apps/local-solana): JSON-RPC on this port, its WebSocket on port + 1. */
  solanaPort: number
  /** The local SMTP catcher (MailDev): SMTP on this port, its web UI and REST API on `mailWebPort`. */
  smtpPort: number
  mailWebPort: number
  /** The local OpenID provider (apps/local-oidc): one issuer per social provider under this port. */
  oidcPort: number
  /** The local Farcaster auth relay (apps/local-farcaster), HTTP on `bindHost`; its client key. */
  farcasterRelayPort: number
  /**
   * The first EVM node's front (scripts/rpcFront.ts): the API gets that chain as two upstreams, its
   * `/a` and `/b`, and falls back from one to the other; the test stack may make requests fail there.
   */
  rpcFrontPort: number
  /** Whether the front takes its fault controls: the loopback test stack only (MODALKIT_TEST_STACK=true). */
  rpcFrontControl: boolean
  farcasterRelayKey: string
  projectId: string
  /** Origins the seeded demo project allows: the demo site's. */
  seedOrigins: string[]
  pgliteDir: string
  /**
   * The production shape (`start.ts --production`): a throwaway PostgreSQL on this port, the API as
   * replicas on `apiReplicaPorts` behind nginx on the API's own port, and (test stack only) the fault
   * controls on `stackControlPort`.
   */
  postgresPort: number
  apiReplicaPorts: number[]
  stackControlPort: number
  /**
   * The secret the stand-in on-ramp provider's server side (the demo site's) signs its
   * webhooks to the API with; made per start unless ONRAMP_PROVIDER_SECRET sets it. Never sent to a
   * browser. Only on the test stack (MODALKIT_TEST_STACK=true, bound to loopback): the stand-in takes
   * no payment and sends from an unlocked node account, so elsewhere there is none (and no on-ramp).
   */
  onrampProviderSecret?: string
}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost'])

function portOf(origin: string): number {
  const url = new URL(origin)
  return Number(url.port || (url.protocol === 'https:' ? 443 : 80))
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): StackConfig {
  const demoOrigin = env.DEMO_ORIGIN ?? 'http://localhost:5173'
  const apiOrigin = env.API_ORIGIN ?? 'http://localhost:8787'
  const bindHost = env.BIND_HOST ?? '127.0.0.1'
  const testStack = env.MODALKIT_TEST_STACK === 'true' && LOOPBACK.has(bindHost)
  return {
    bindHost,
    demoOrigin,
    modalOrigin: env.MODAL_ORIGIN ?? 'http://localhost:5174',
    authOrigin: env.AUTH_ORIGIN ?? 'http://localhost:5175',
    apiOrigin,
    apiInternalUrl: env.API_INTERNAL_URL ?? `http://127.0.0.1:${portOf(apiOrigin)}`,
    evmNodes: [
      {
        chainId: 31337,
        port: Number(env.EVM_A_PORT ?? 8545),
        bundlerPort: Number(env.BUNDLER_A_PORT ?? 8794),
      },
      {
        chainId: 31338,
        port: Number(env.EVM_B_PORT ?? 8546),
        bundlerPort: Number(env.BUNDLER_B_PORT ?? 8795),
      },
    ],
    relayPort: Number(env.RELAY_PORT ?? 8789),
    solanaPort: Number(env.SOLANA_PORT ?? 8899),
    smtpPort: Number(env.SMTP_PORT ?? 1025),
    mailWebPort: Number(env.MAILDEV_WEB_PORT ?? 1080),
    oidcPort: Number(env.OIDC_PORT ?? 8790),
    farcasterRelayPort: Number(env.FARCASTER_RELAY_PORT ?? 8796),
    rpcFrontPort: Number(env.RPC_FRONT_PORT ?? 8797),
    // A local stand-in's key, public by design: the test Farcaster app must send it.
    farcasterRelayKey: env.FARCASTER_RELAY_AUTH_KEY ?? 'modalkit-local-farcaster-client',
    projectId: env.DEMO_PROJECT_ID ?? 'demo',
    seedOrigins: (env.SEED_ORIGINS ?? demoOrigin).split(',').map((o) => o.trim()),
    pgliteDir: env.PGLITE_DIR ?? '.data/pglite',
    postgresPort: Number(env.POSTGRES_PORT ?? 5433),
    apiReplicaPorts: (env.API_REPLICA_PORTS ?? `${portOf(apiOrigin) + 5},${portOf(apiOrigin) + 6}`)
      .split(',')
      .map((p) => Number(p.trim())),
    stackControlPort: Number(env.STACK_CONTROL_PORT ?? portOf(apiOrigin) + 4),
    rpcFrontControl: testStack,
    ...(testStack
      ? { onrampProviderSecret: env.ONRAMP_PROVIDER_SECRET ?? randomBytes(24).toString('hex') }
      : {}),
  }
}

export { portOf }
