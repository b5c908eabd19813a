import type { IncomingMessage, ServerResponse } from 'node:http'
import { type Namespace, SITE_ORIGIN_HEADER, walletDirectoryQuerySchema } from '@modalkit/protocol'
import { invalidProject } from '../auth/authErrors.ts'
import type { Db } from '../db/Db.ts'
import { getProject } from '../projects/projects.ts'
import { checkSiteOrigin, readSiteOrigin } from '../server/checkSiteOrigin.ts'
import { HttpError, validationError } from '../server/HttpError.ts'
import { sendImage } from '../server/sendImage.ts'
import { searchWallets } from './searchWallets.ts'
import { WALLET_DIRECTORY } from './walletDirectory.ts'
import { walletImage } from './walletImage.ts'

const DEFAULT_ENTRIES = 40

/**
 * `GET /v1/wallets?projectId&search&namespaces&page&entries` (the directory AllWallets searches) and
 * `GET /v1/wallets/{id}/image`. Answers `true` when it handled the request.
 */
export async function routeWallets(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  db: Db,
): Promise<boolean> {
  const image = /^\/v1\/wallets\/([a-z0-9-]{1,64})\/image$/.exec(url.pathname)
  if (url.pathname !== '/v1/wallets' && !image) return false
  if (req.method !== 'GET') throw new HttpError(405, 'method_not_allowed', 'use GET')

  if (image) {
    const wallet = WALLET_DIRECTORY.find((w) => w.id === image[1])
    if (!wallet) throw new HttpError(404, 'not_found', 'no such wallet')
    sendImage(res, 'image/svg+xml', walletImage(wallet), 86400)
    return true
  }

  const query = walletDirectoryQuerySchema.safeParse(Object.fromEntries(url.searchParams))
  if (!query.success) throw validationError('query', query.error.issues)
  const project = await getProject(db, query.data.projectId)
  if (!project) throw invalidProject()
  checkSiteOrigin(project, readSiteOrigin(req))
  const result = searchWallets(WALLET_DIRECTORY, {
    search: query.data.search,
    namespaces: query.data.namespaces?.split(',') as Namespace[] | undefined,
    page: Number(query.data.page ?? 1),
    entries: Number(query.data.entries ?? DEFAULT_ENTRIES),
    include: query.data.include?.split(','),
    exclude: query.data.exclude?.split(','),
  })
  res.statusCode = 200
  res.setHeader('content-type', 'application/json')
  res.setHeader('cache-control', 'public, max-age=300')
  // The answer depends on the site (its allowlist check): a cache keys on it.
  res.setHeader('vary', `Origin, ${SITE_ORIGIN_HEADER}`)
  res.end(JSON.stringify(result))
  return true
}
