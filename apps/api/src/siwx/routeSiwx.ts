import type { IncomingMessage, ServerResponse } from 'node:http'
import {
  InvalidProjectIdError,
  projectIdSchema,
  SITE_ORIGIN_HEADER,
  SIWX_TOKENS_HEADER,
  siwxAddSessionBodySchema,
  siwxRevokeBodySchema,
  siwxSessionsQuerySchema,
  siwxTokensSchema,
} from '@modalkit/protocol'
import type { Db } from '../db/Db.ts'
import { getProject } from '../projects/projects.ts'
import { checkSiteOrigin, readSiteOrigin } from '../server/checkSiteOrigin.ts'
import { HttpError, validationError } from '../server/HttpError.ts'
import { readJson } from '../server/readJson.ts'
import { siwxErrors } from './siwxErrors.ts'
import {
  addSiwxSession,
  issueSiwxNonce,
  listSiwxSessions,
  revokeSiwxSessions,
  type SiwxDeps,
  type SiwxSite,
} from './siwxSessions.ts'

export const SIWX_PREFIX = '/v1/siwx/'

function send(res: ServerResponse, status: number, body: unknown): void {
  res.statusCode = status
  res.setHeader('content-type', 'application/json')
  res.end(JSON.stringify(body))
}

/**
 * The project and site a SIWX call is for, checked as the other routes do (`checkSiteOrigin`): the
 * site origin is the one the modal took from the handshake, and a session is bound to it.
 */
async function siteOf(db: Db, req: IncomingMessage, url: URL): Promise<SiwxSite> {
  const projectId = projectIdSchema.safeParse(url.searchParams.get('projectId'))
  if (!projectId.success) throw validationError('query', projectId.error.issues)
  const project = await getProject(db, projectId.data)
  if (!project) throw new HttpError(404, 'invalid_project_id', new InvalidProjectIdError().shortMessage)
  const siteOrigin = readSiteOrigin(req)
  checkSiteOrigin(project, siteOrigin)
  if (!siteOrigin || !URL.canParse(siteOrigin) || new URL(siteOrigin).origin !== siteOrigin)
    throw new HttpError(
      400,
      'validation_error',
      `invalid: header.${SITE_ORIGIN_HEADER}`,
      `header.${SITE_ORIGIN_HEADER}`,
    )
  return { projectId: project.projectId, siteOrigin }
}

/** The tokens a listing names (SIWX_TOKENS_HEADER): only who signed in holds them. */
function tokensOf(req: IncomingMessage): string[] {
  const header = req.headers[SIWX_TOKENS_HEADER]
  const tokens = siwxTokensSchema.safeParse(typeof header === 'string' ? header.split(',') : undefined)
  if (!tokens.success) throw siwxErrors.tokenRequired()
  return tokens.data
}

const method = (req: IncomingMessage, wanted: 'GET' | 'POST') => {
  if (req.method !== wanted) throw new HttpError(405, 'method_not_allowed', `use ${wanted}`)
}

/**
 * The default SIWX verifier (SPEC §4, §7): `POST nonce`, `POST sessions` (verify and store),
 * `GET sessions` (list one account's on one chain, of the tokens the caller holds), `POST sessions/revoke`. False for other paths.
 */
export async function routeSiwx(deps: SiwxDeps, req: IncomingMessage, res: ServerResponse, url: URL) {
  const path = url.pathname
  if (!path.startsWith(SIWX_PREFIX)) return false
  if (path === `${SIWX_PREFIX}nonce`) {
    method(req, 'POST')
    const site = await siteOf(deps.db, req, url)
    await deps.limit()
    send(res, 200, await issueSiwxNonce(deps, site))
    return true
  }
  if (path === `${SIWX_PREFIX}sessions` && req.method === 'GET') {
    const query = siwxSessionsQuerySchema.safeParse(Object.fromEntries(url.searchParams))
    if (!query.success) throw validationError('query', query.error.issues)
    const site = await siteOf(deps.db, req, url)
    const tokens = tokensOf(req)
    send(res, 200, { sessions: await listSiwxSessions(deps, site, { ...query.data, tokens }) })
    return true
  }
  if (path === `${SIWX_PREFIX}sessions`) {
    method(req, 'POST')
    const site = await siteOf(deps.db, req, url)
    const body = siwxAddSessionBodySchema.safeParse(await readJson(req))
    if (!body.success) throw validationError('body', body.error.issues)
    await deps.limit()
    send(res, 200, await addSiwxSession(deps, site, body.data))
    return true
  }
  if (path === `${SIWX_PREFIX}sessions/revoke`) {
    method(req, 'POST')
    const site = await siteOf(deps.db, req, url)
    const body = siwxRevokeBodySchema.safeParse(await readJson(req))
    if (!body.success) throw validationError('body', body.error.issues)
    send(res, 200, { revoked: await revokeSiwxSessions(deps, site, body.data) })
    return true
  }
  throw new HttpError(404, 'not_found', 'no such route')
}
