import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http'
import { BlockList } from 'node:net'
import {
  analyticsEventSchema,
  analyticsQuerySchema,
  ChainNotSupportedError,
  jsonRpcBodySchema,
  projectIdSchema,
  rpcProxyQuerySchema,
  SITE_ORIGIN_HEADER,
  SIWX_TOKENS_HEADER,
} from '@modalkit/protocol'
import { routeSmartAccounts, type SmartAccountDeps } from '../aa/routeSmartAccounts.ts'
import { recordEvent } from '../analytics/recordEvent.ts'
import type { AuthDeps } from '../auth/AuthDeps.ts'
import { invalidProject } from '../auth/authErrors.ts'
import { hitRateLimit } from '../auth/hitRateLimit.ts'
import { AUTH_PREFIX, routeAuth } from '../auth/routeAuth.ts'
import { type MailWorkerOptions, startMailWorker } from '../auth/startMailWorker.ts'
import { routeAccountData } from '../chain/routeAccountData.ts'
import { routeConvert } from '../convert/routeConvert.ts'
import type { Db } from '../db/Db.ts'
import { routeNames } from '../names/routeNames.ts'
import { routeNetworkImages } from '../networks/routeNetworkImages.ts'
import { type OnrampProviderSettings, routeOnramp } from '../onramp/routeOnramp.ts'
import { createProjectCache } from '../projects/createProjectCache.ts'
import { getProject } from '../projects/projects.ts'
import { coalesceReads } from '../rpc/coalesceReads.ts'
import { type ChainUpstreams, createChainUpstreams } from '../rpc/createChainUpstreams.ts'
import { createRpcQuota } from '../rpc/createRpcQuota.ts'
import type { RpcUpstreamLists } from '../rpc/parseUpstreams.ts'
import { proxyRpc, type RpcUpstreams } from '../rpc/proxyRpc.ts'
import { rpcCost } from '../rpc/rpcCost.ts'
import { routeSiwx } from '../siwx/routeSiwx.ts'
import { routeWallets } from '../wallets/routeWallets.ts'
import { checkSiteOrigin, readSiteOrigin } from './checkSiteOrigin.ts'
import { clientAddress, type TrustedProxies } from './clientAddress.ts'
import { createRouteLimits, ROUTE_LIMITS, type RouteLimitFigures } from './createRouteLimits.ts'
import { createSessionTier } from './createSessionTier.ts'
import { HttpError, validationError } from './HttpError.ts'
import { readJson } from './readJson.ts'
import { replyError } from './replyError.ts'

export type CreateServerParameters = {
  db: Db
  /** Exact origins allowed to call from a browser: the modal's and the secure frame's. */
  corsOrigins: readonly string[]
  /** Chain RPC proxy upstreams by CAIP-2 id (one node each). */
  upstreams?: RpcUpstreams
  /** Every node per chain, for the proxy to fall back between (SPEC §9); `upstreams` when absent. */
  rpcNodes?: RpcUpstreamLists
  /**
   * The embedded wallet's backend (`/v1/auth/*`); off when absent. With it, the server runs this
   * process's mail worker (startMailWorker), which sends what the auth requests queue.
   */
  auth?: AuthDeps
  /** The mail worker's timings (tests shorten its poll); MAIL_WORKER_DEFAULTS otherwise. */
  mailWorker?: MailWorkerOptions
  /** TRUST_PROXY: whose X-Forwarded-For names the client (rate limits key on it); none by default. */
  trustProxy?: TrustedProxies
  /** The chain RPC proxy's quotas, in cost units (rpcCost) per window. */
  rpcLimits?: RpcLimits
  /** The local on-ramp provider; without it the URL generator answers 503. */
  onrampProvider?: OnrampProviderSettings | undefined
  now?: () => number
  /** ERC-4337: bundlers, the account factory and the paymaster; off when absent. */
  smartAccounts?: Omit<SmartAccountDeps, 'db' | 'now'> | undefined
  /** Per-minute limits of the analytics, configuration, bundler and forced-refresh routes. */
  routeLimits?: RouteLimitFigures
}

export type RpcLimits = {
  perAddress: number
  /** A logged-in user's reads (the secure frame's, with its session): never shed while crowded. */
  perUser: number
  perProject: number
  windowMs: number
  /** Once a project's use would pass `above`, each of its clients gets `perAddress` units at most. */
  crowded?: { above: number; perAddress: number }
}
/**
 * The chain proxy's quotas a minute for these figures. Past half of a project's budget, its heaviest
 * callers are shed first: each client keeps a tenth of its own quota (600 units by default, a page's
 * worth), so pages are still served while the callers that drew most are refused.
 */
export const rpcLimitsFor = (perAddress: number, perProject: number): RpcLimits => ({
  perAddress,
  perUser: perAddress * 2,
  perProject,
  windowMs: 60_000,
  crowded: { above: Math.floor(perProject / 2), perAddress: Math.floor(perAddress / 10) },
})
/** A page's reads come to a few hundred units a minute; a project serves many addresses. */
export const DEFAULT_RPC_LIMITS: RpcLimits = rpcLimitsFor(6_000, 600_000)

/** Bearer tokens the chain proxy has not seen yet, looked up per client a minute (a frame has one). */
export const SESSION_LOOKUPS_PER_IP = 120

/** SIWX nonces and sign-ins per client address and minute (a sign-in takes two). */
export const SIWX_PER_IP_LIMIT = 60
/** NFT image requests per client a minute: a page of the Account view shows a few dozen. */
export const NFT_IMAGES_PER_IP = 300
/** Sponsored user operations a minute, per client and per project (each costs the project gas). */
export const SPONSORED_OPS_PER_IP = 30
export const SPONSORED_OPS_PER_PROJECT = 600
/** On-ramp orders a client makes a minute: a buyer makes one per purchase, a retry or two at most. */
export const ONRAMP_ORDERS_PER_IP = 20

/** Batches of up to 1000 calls (SPEC §9) need more room than the other bodies. */
const MAX_RPC_BODY_BYTES = 1024 * 1024

function send(res: ServerResponse, status: number, body?: unknown): void {
  res.statusCode = status
  if (body === undefined) {
    res.end()
    return
  }
  res.setHeader('content-type', 'application/json')
  res.end(JSON.stringify(body))
}

function cors(req: IncomingMessage, res: ServerResponse, allowed: readonly string[]): void {
  res.setHeader('vary', 'Origin')
  const origin = req.headers.origin
  if (origin && allowed.includes(origin)) res.setHeader('access-control-allow-origin', origin)
}

const notFound = () => new HttpError(404, 'not_found', 'no such route')

export type ApiServer = Server & {
  /**
   * Stops the mail worker (closing the server does too) and resolves once its sends in flight are
   * done and their rows settled: a shutdown awaits it before it closes the database.
   */
  stopMailWorker(): Promise<void>
}

/** The API: stateless over one database, so replicas scale out behind a load balancer. */
export function createServer({
  db,
  corsOrigins,
  upstreams = new Map(),
  rpcNodes = new Map([...upstreams].map(([chain, url]) => [chain, [url]])),
  auth: authDeps,
  mailWorker: mailWorkerOptions,
  trustProxy = new BlockList(),
  rpcLimits = DEFAULT_RPC_LIMITS,
  onrampProvider,
  now = Date.now,
  smartAccounts,
  routeLimits = ROUTE_LIMITS,
}: CreateServerParameters): ApiServer {
  // Every process that serves the auth routes sends mail: a request wakes its own process's worker.
  const mailWorker = authDeps ? startMailWorker(authDeps, mailWorkerOptions) : undefined
  const auth = authDeps && mailWorker ? { ...authDeps, wakeMailWorker: mailWorker.wake } : undefined
  // One pool of keep-alive connections per node, made once (no setup per request).
  const chains = new Map<string, { upstream: ChainUpstreams; read: ReturnType<typeof coalesceReads> }>()
  for (const [chainId, urls] of rpcNodes) {
    const pingMethod = chainId.startsWith('solana:') ? 'getHealth' : 'eth_blockNumber'
    const upstream = createChainUpstreams(urls, { pingMethod })
    chains.set(chainId, { upstream, read: coalesceReads(upstream) })
  }
  const rpcQuota = createRpcQuota({ db, now, windowMs: rpcLimits.windowMs })
  const rpcProject = createProjectCache(db, now)
  const sessionTier = createSessionTier({ db, now })
  const limits = createRouteLimits({ db, now, figures: routeLimits })

  const route = async (req: IncomingMessage, res: ServerResponse, url: URL, ip: string): Promise<void> => {
    const { pathname } = url
    // The chain proxy first: the hot path passes no other route's checks.
    if (pathname === '/v1/' || pathname === '/v1') {
      if (req.method !== 'POST') throw new HttpError(405, 'method_not_allowed', 'use POST')
      const query = rpcProxyQuerySchema.safeParse(Object.fromEntries(url.searchParams))
      if (!query.success) throw validationError('query', query.error.issues)
      const chain = chains.get(query.data.chainId)
      if (!chain) {
        const { shortMessage } = new ChainNotSupportedError(query.data.chainId)
        throw new HttpError(400, 'unsupported_chain', shortMessage, 'query.chainId')
      }
      const body = jsonRpcBodySchema.safeParse(await readJson(req, MAX_RPC_BODY_BYTES))
      if (!body.success) throw validationError('body', body.error.issues)
      const project = await rpcProject(query.data.projectId)
      if (!project) throw invalidProject()
      checkSiteOrigin(project, readSiteOrigin(req, query.data.siteOrigin))
      // Quotas per address (or per logged-in user, a tier of its own) and per project, weighted by
      // cost: a batch flood is answered 429.
      const { perAddress, perUser, perProject, crowded } = rpcLimits
      const cost = rpcCost(body.data)
      const projectKey = `rpc-project:${project.projectId}`
      const userId = await sessionTier.userOf(req, () =>
        rpcQuota.hit([{ key: `rpc-session-lookup-ip:${ip}`, limit: SESSION_LOOKUPS_PER_IP, cost: 1 }]),
      )
      await rpcQuota.hit([
        userId
          ? { key: `rpc-user:${userId}`, limit: perUser, cost }
          : {
              key: `rpc-ip:${ip}`,
              limit: perAddress,
              cost,
              ...(crowded
                ? { whenCrowded: { key: projectKey, above: crowded.above, limit: crowded.perAddress } }
                : {}),
            },
        { key: projectKey, limit: perProject, cost },
      ])
      return proxyRpc(chain.upstream, body.data, res, chain.read)
    }
    if (pathname === '/health') {
      if (req.method !== 'GET') throw new HttpError(405, 'method_not_allowed', 'use GET')
      return send(res, 200, { ok: true })
    }

    const config = /^\/v1\/projects\/([^/]+)\/config$/.exec(pathname)
    if (config) {
      if (req.method !== 'GET') throw new HttpError(405, 'method_not_allowed', 'use GET')
      const id = projectIdSchema.safeParse(decodeURIComponent(config[1]!))
      if (!id.success) throw new HttpError(400, 'validation_error', 'invalid project id', 'path.projectId')
      await limits.config(ip)
      const project = await getProject(db, id.data)
      if (!project) throw invalidProject()
      res.setHeader('cache-control', 'no-store')
      return send(res, 200, project)
    }

    if (pathname === '/e') {
      if (req.method !== 'POST') throw new HttpError(405, 'method_not_allowed', 'use POST')
      const query = analyticsQuerySchema.safeParse(Object.fromEntries(url.searchParams))
      if (!query.success) throw validationError('query', query.error.issues)
      const body = analyticsEventSchema.safeParse(await readJson(req))
      if (!body.success) throw validationError('body', body.error.issues)
      const project = await rpcProject(query.data.projectId)
      if (!project) throw invalidProject()
      checkSiteOrigin(project, readSiteOrigin(req))
      // Every event is a stored row: counted per client and per project before it is written.
      await limits.event(ip, project.projectId)
      await recordEvent(db, project, body.data)
      return send(res, 204)
    }
    if (await routeWallets(req, res, url, db)) return
    if (routeNetworkImages(req, res, url)) return
    // NFT images come from the cache, but a miss makes a fetch: NFT_IMAGES_PER_IP a minute per client.
    const limitImage = () =>
      hitRateLimit({ db, now }, [{ key: `nft-image-ip:${ip}`, limit: NFT_IMAGES_PER_IP, windowMs: 60_000 }])
    const limitRefresh = () => limits.forcedRefresh(ip)
    if (await routeAccountData({ db, upstreams, now, limitImage, limitRefresh }, req, res, url)) return
    if (await routeConvert({ db, upstreams }, req, res, url)) return
    // Each sponsored user operation costs the project gas: SPONSORED_OPS_PER_IP / _PER_PROJECT a minute.
    const limitSponsorship = (projectId: string) =>
      hitRateLimit({ db, now }, [
        { key: `sponsor-ip:${ip}`, limit: SPONSORED_OPS_PER_IP, windowMs: 60_000 },
        { key: `sponsor-project:${projectId}`, limit: SPONSORED_OPS_PER_PROJECT, windowMs: 60_000 },
      ])
    if (
      smartAccounts &&
      (await routeSmartAccounts(
        {
          db,
          now,
          limitSponsorship,
          limitBundler: (projectId) => limits.bundlerCall(ip, projectId),
          rpcUrl: (id) => upstreams.get(id),
          ...smartAccounts,
        },
        req,
        res,
        url,
      ))
    )
      return
    if (await routeNames({ db, now, rpcUrl: (id) => upstreams.get(id), ip }, req, res, url)) return
    if (
      await routeOnramp(
        {
          db,
          upstreams,
          now,
          limit: () =>
            hitRateLimit({ db, now }, [
              { key: `onramp-ip:${ip}`, limit: ONRAMP_ORDERS_PER_IP, windowMs: 60_000 },
            ]),
          ...(onrampProvider ? { provider: onrampProvider } : {}),
        },
        req,
        res,
        url,
      )
    )
      return
    // Each nonce is a row and each sign-in a chain call: a client gets SIWX_PER_IP_LIMIT per minute.
    const limit = () =>
      hitRateLimit({ db, now }, [{ key: `siwx-ip:${ip}`, limit: SIWX_PER_IP_LIMIT, windowMs: 60_000 }])
    if (await routeSiwx({ db, now, rpcUrl: (id) => upstreams.get(id), limit }, req, res, url)) return
    throw notFound()
  }

  const server = createHttpServer(async (req, res) => {
    res.setHeader('x-content-type-options', 'nosniff')
    res.setHeader('cache-control', 'no-store')
    // The auth endpoints answer the secure frame's origin only, with CORS and errors of their own.
    const ip = clientAddress(req, trustProxy)
    if (auth && req.url?.startsWith(AUTH_PREFIX)) return routeAuth(auth, req, res, ip)
    cors(req, res, corsOrigins)
    if (req.method === 'OPTIONS') {
      res.setHeader('access-control-allow-methods', 'GET, POST')
      // authorization: the secure frame's session token, which the paymaster requires; the SIWX
      // tokens header: a listing of sign-in sessions names the tokens that gave them.
      res.setHeader(
        'access-control-allow-headers',
        `content-type, authorization, ${SITE_ORIGIN_HEADER}, ${SIWX_TOKENS_HEADER}`,
      )
      res.setHeader('access-control-max-age', '600')
      return send(res, 204)
    }
    try {
      await route(req, res, new URL(req.url ?? '/', 'http://api.invalid'), ip)
    } catch (error) {
      replyError(res, error, 'api error')
    }
  })
  // The worker is the mailer's only user: once its sends are through, the SMTP connections close.
  const stopMailWorker = async () => {
    await mailWorker?.stop()
    authDeps?.mailer.close?.()
  }
  server.on('close', () => {
    for (const chain of chains.values()) chain.upstream.close()
    void rpcQuota.close().catch(() => {})
    void limits.close().catch(() => {})
    void stopMailWorker()
  })
  return Object.assign(server, { stopMailWorker })
}
