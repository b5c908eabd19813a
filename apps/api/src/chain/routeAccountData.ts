import type { IncomingMessage, ServerResponse } from 'node:http'
import {
  balanceQuerySchema,
  ChainNotSupportedError,
  fungiblePriceBodySchema,
  historyQuerySchema,
  InvalidProjectIdError,
  nftsQuerySchema,
  SITE_ORIGIN_HEADER,
} from '@modalkit/protocol'
import { CACHE_TTL_MS, isAddressForNamespace } from '@modalkit/shared'
import type { Db } from '../db/Db.ts'
import { getProject } from '../projects/projects.ts'
import type { RpcUpstreams } from '../rpc/proxyRpc.ts'
import { checkSiteOrigin, readSiteOrigin } from '../server/checkSiteOrigin.ts'
import { HttpError, validationError } from '../server/HttpError.ts'
import { readJson } from '../server/readJson.ts'
import { priceFungibles } from './priceFungibles.ts'
import { readAccountBalances } from './readAccountBalances.ts'
import { readAccountHistory } from './readAccountHistory.ts'
import { readAccountNfts } from './readAccountNfts.ts'
import { serveNftImage } from './serveNftImage.ts'

export type AccountDataDeps = {
  db: Db
  upstreams: RpcUpstreams
  now: () => number
  /** Counts one NFT image request of this client, or throws 429. */
  limitImage: () => Promise<void>
  /** Counts a balance read that skips the cache (ROUTE_LIMITS.forcedRefreshesPerClient). */
  limitRefresh: () => Promise<void>
}

const ACCOUNT = /^\/v1\/account\/([^/]{1,100})\/(balance|history|nfts)$/
const NFT_IMAGE = /^\/v1\/nfts\/([^/]{1,100})\/(0x[0-9a-f]{40})\/([0-9]{1,78})\/image$/

function reply(res: ServerResponse, body: unknown): void {
  res.statusCode = 200
  res.setHeader('content-type', 'application/json')
  // The answer depends on the site (its allowlist check) and on the chain's state: never cached.
  res.setHeader('vary', `Origin, ${SITE_ORIGIN_HEADER}`)
  res.end(JSON.stringify(body))
}

/**
 * SPEC §7's data API over the indexer: `GET /v1/supported-chains`,
 * `GET /v1/account/{address}/balance`, `…/history`,
 * `…/nfts`, `POST /v1/fungible/price`, and the NFT images (`GET /v1/nfts/{chain}/{contract}/{id}/image`,
 * served by the API so the modal's CSP need not allow every metadata host). Every data call names its
 * project and is served only to a site the project allows (checkSiteOrigin), like the other routes.
 * Answers `true` when it handled the request.
 */
export async function routeAccountData(
  deps: AccountDataDeps,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<boolean> {
  const { db, upstreams, now } = deps
  const findProject = async (projectId: string) => {
    const project = await getProject(db, projectId)
    if (!project) throw new HttpError(404, 'invalid_project_id', new InvalidProjectIdError().shortMessage)
    return project
  }
  const image = NFT_IMAGE.exec(url.pathname)
  if (image) {
    if (req.method !== 'GET') throw new HttpError(405, 'method_not_allowed', 'use GET')
    // An `<img>` sends no site header: the image names its project, which must exist, and each client
    // is rate-limited. The image is served from the cache, never fetched per request.
    await findProject(url.searchParams.get('projectId') ?? '')
    await deps.limitImage()
    const key = { chain: decodeURIComponent(image[1]!), contract: image[2]!, tokenId: image[3]! }
    await serveNftImage(db, res, key, now())
    return true
  }
  const allowSite = async (projectId: string) => {
    checkSiteOrigin(await findProject(projectId), readSiteOrigin(req))
  }
  if (url.pathname === '/v1/supported-chains') {
    if (req.method !== 'GET') throw new HttpError(405, 'method_not_allowed', 'use GET')
    await allowSite(url.searchParams.get('projectId') ?? '')
    // Every network with a node is served over HTTP; the data API has no WebSocket.
    reply(res, { http: [...upstreams.keys()], ws: [] })
    return true
  }
  if (url.pathname === '/v1/fungible/price') {
    if (req.method !== 'POST') throw new HttpError(405, 'method_not_allowed', 'use POST')
    const body = fungiblePriceBodySchema.safeParse(await readJson(req))
    if (!body.success) throw validationError('body', body.error.issues)
    await allowSite(body.data.projectId)
    reply(res, { fungibles: await priceFungibles(db, body.data.addresses, body.data.currency) })
    return true
  }
  const account = ACCOUNT.exec(url.pathname)
  if (!account) return false
  if (req.method !== 'GET') throw new HttpError(405, 'method_not_allowed', 'use GET')
  const address = decodeURIComponent(account[1]!)
  const params = Object.fromEntries(url.searchParams)
  const what = account[2] as 'balance' | 'history' | 'nfts'
  const parsed = (
    what === 'balance' ? balanceQuerySchema : what === 'history' ? historyQuerySchema : nftsQuerySchema
  ).safeParse(params)
  if (!parsed.success) throw validationError('query', parsed.error.issues)
  const { projectId, chainId: chain } = parsed.data
  const upstream = upstreams.get(chain)
  if (!upstream)
    throw new HttpError(
      400,
      'unsupported_chain',
      new ChainNotSupportedError(chain).shortMessage,
      'query.chainId',
    )
  if (!isAddressForNamespace(chain.split(':')[0] ?? '', address)) {
    throw new HttpError(400, 'validation_error', 'invalid_format: path.address', 'path.address')
  }
  await allowSite(projectId)
  if (what === 'history') {
    const { cursor } = historyQuerySchema.parse(params)
    reply(res, await readAccountHistory({ db, chain, address, cursor, projectId }))
  } else if (what === 'nfts') {
    reply(res, { nfts: await readAccountNfts(db, chain, address, projectId) })
  } else {
    const query = balanceQuerySchema.parse(params)
    const currency = query.currency ?? 'usd'
    // Only EVM addresses ignore case: Solana's base58 addresses differing in case are other accounts.
    const key = `${chain}|${chain.startsWith('eip155:') ? address.toLowerCase() : address}|${currency}`
    // SPEC §9: a portfolio is cached 30 s; forceUpdate (after the user's own transaction) reads anew.
    if (query.forceUpdate === 'true') await deps.limitRefresh()
    else {
      const cached = await db.query<{ reply: unknown; stored_at: string }>(
        'select reply, stored_at from balance_cache where key = $1',
        [key],
      )
      const hit = cached[0]
      if (hit && now() - Number(hit.stored_at) < CACHE_TTL_MS.portfolio) {
        reply(res, hit.reply)
        return true
      }
    }
    const body = { balances: await readAccountBalances({ db, url: upstream, chain, address, currency }) }
    await db.query(
      `insert into balance_cache (key, reply, stored_at) values ($1, $2, $3)
       on conflict (key) do update set reply = excluded.reply, stored_at = excluded.stored_at`,
      [key, JSON.stringify(body), now()],
    )
    reply(res, body)
  }
  return true
}
