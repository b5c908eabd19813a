import { createProjectSchema, featuresSchema } from '@modalkit/protocol'
import { readSmartAccountDeps } from './aa/readSmartAccountDeps.ts'
import { type AuthSecrets, readAuthSecret } from './auth/authKeys.ts'
import type { SmtpOptions } from './auth/parseSmtpUrl.ts'
import { readAuthDeps, readSmtpSettings } from './auth/readAuthDeps.ts'
import { startIndexer } from './chain/startIndexer.ts'
import { migrate } from './db/migrate.ts'
import { openDb } from './db/openDb.ts'
import { startPurge } from './db/purgeExpired.ts'
import { readOutboundPolicy } from './net/readOutboundPolicy.ts'
import { readOnrampProvider } from './onramp/readOnrampProvider.ts'
import type { OnrampProviderSettings } from './onramp/routeOnramp.ts'
import { upsertProject } from './projects/projects.ts'
import { parseUpstreamLists } from './rpc/parseUpstreams.ts'
import { parseUpstreams } from './rpc/proxyRpc.ts'
import { parseTrustProxy, type TrustedProxies } from './server/clientAddress.ts'
import { createServer, DEFAULT_RPC_LIMITS, rpcLimitsFor } from './server/createServer.ts'

const env = process.env
const host = env.API_HOST ?? '127.0.0.1'
const port = Number(env.API_PORT ?? 8787)
const list = (text: string | undefined) =>
  (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)

// Settings first: a production API without its secret, or with an unlocked on-ramp treasury, must not
// start, not even touch the database.
let secrets: AuthSecrets
let trustProxy: TrustedProxies
let smtp: SmtpOptions
let onrampProvider: OnrampProviderSettings | undefined
try {
  secrets = readAuthSecret(env)
  onrampProvider = readOnrampProvider(env)
  trustProxy = parseTrustProxy(env.TRUST_PROXY)
  smtp = readSmtpSettings(env)
  // NFT fetches read it per call; a production API given the test stack's local origins must not start.
  readOutboundPolicy(env)
} catch (error) {
  console.error(`api not started: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}

const db = await openDb({
  databaseUrl: env.DATABASE_URL,
  pgliteDir: env.PGLITE_DIR,
  poolMax: env.DATABASE_POOL_MAX ? Number(env.DATABASE_POOL_MAX) : undefined,
  connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS ? Number(env.DATABASE_CONNECT_TIMEOUT_MS) : undefined,
})
await migrate(db)

if (env.SEED_PROJECT_ID) {
  const features = featuresSchema.parse(env.SEED_FEATURES ? JSON.parse(env.SEED_FEATURES) : {})
  await upsertProject(db, {
    id: env.SEED_PROJECT_ID,
    name: env.SEED_PROJECT_NAME ?? 'Demo',
    allowedOrigins: list(env.SEED_ORIGINS),
    features,
  })
}
// More projects, as a JSON array of `{ id, name, allowedOrigins, features }` (the test stack seeds one
// with e-mail and socials off, whose allowlist is not enforced: SPEC §5).
for (const input of JSON.parse(env.SEED_PROJECTS ?? '[]') as unknown[]) {
  const project = createProjectSchema.parse(input)
  if (!project.id) throw new Error('SEED_PROJECTS: every project needs its id')
  await upsertProject(db, { ...project, id: project.id })
}

const upstreams = parseUpstreams(env.RPC_UPSTREAMS)
// Follows the EVM nodes into the database, for balances, NFTs and history.
const indexer = startIndexer(db, upstreams)
// Every table a stranger's request can grow stays bounded: expired rows go every hour (PURGE_RULES).
startPurge(db, Date.now)

/** RPC_QUOTA_PER_CLIENT / RPC_QUOTA_PER_PROJECT: the chain proxy's cost units a minute (a load test raises them). */
const quota = (name: string, fallback: number) => {
  const value = Number(env[name])
  return env[name] && Number.isSafeInteger(value) && value > 0 ? value : fallback
}

const server = createServer({
  db,
  smartAccounts: readSmartAccountDeps(env),
  corsOrigins: list(env.CORS_ORIGINS),
  upstreams,
  rpcNodes: parseUpstreamLists(env.RPC_UPSTREAMS),
  auth: readAuthDeps(db, env, secrets, smtp),
  trustProxy,
  // The stand-in on-ramp provider (test stack only): its page, webhook secret, treasury.
  onrampProvider,
  rpcLimits: rpcLimitsFor(
    quota('RPC_QUOTA_PER_CLIENT', DEFAULT_RPC_LIMITS.perAddress),
    quota('RPC_QUOTA_PER_PROJECT', DEFAULT_RPC_LIMITS.perProject),
  ),
})
server.listen(port, host, () => console.log(`api listening on http://${host}:${port}`))

// The mail worker stops claiming and finishes the sends in flight (their rows deleted or set to
// retry) before the database closes; a row it could not settle is sent by a worker once its lease ends.
const shutdown = () => {
  server.close()
  void Promise.all([indexer.stop(), server.stopMailWorker()])
    .then(() => db.close())
    .finally(() => process.exit(0))
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
