import type { IncomingMessage, ServerResponse } from 'node:http'
import {
  InvalidProjectIdError,
  identityQuerySchema,
  NAME_ZONE,
  nameLabelSchema,
  nameQuerySchema,
  profileNameSchema,
  registerNameBodySchema,
  SITE_ORIGIN_HEADER,
  suggestionsQuerySchema,
} from '@modalkit/protocol'
import { isEvmAddress } from '@modalkit/shared'
import { hitRateLimit } from '../auth/hitRateLimit.ts'
import type { Db } from '../db/Db.ts'
import { getProject } from '../projects/projects.ts'
import { checkSiteOrigin, readSiteOrigin } from '../server/checkSiteOrigin.ts'
import { HttpError, validationError } from '../server/HttpError.ts'
import { readJson } from '../server/readJson.ts'
import { readName, readNamesOf } from './nameRecords.ts'
import { registerName } from './registerName.ts'
import { suggestNames } from './suggestNames.ts'

export type NamesDeps = {
  db: Db
  now: () => number
  rpcUrl: (chain: string) => string | undefined
  ip: string
}

/** Registrations a client may try per minute (each one a signature check, maybe a node call). */
export const NAME_REGISTER_PER_IP_LIMIT = 20

const ACCOUNT = /^\/v1\/profile\/account\/([^/]{1,100})$/
const REVERSE = /^\/v1\/profile\/reverse\/([^/]{1,100})$/
const SUGGESTIONS = /^\/v1\/profile\/suggestions\/([^/]{1,100})$/
const IDENTITY = /^\/v1\/identity\/([^/]{1,100})$/

function reply(res: ServerResponse, body: unknown): void {
  res.statusCode = 200
  res.setHeader('content-type', 'application/json')
  res.setHeader('cache-control', 'no-store')
  res.setHeader('vary', `Origin, ${SITE_ORIGIN_HEADER}`)
  res.end(JSON.stringify(body))
}

function only(req: IncomingMessage, method: 'GET' | 'POST'): void {
  if (req.method !== method) throw new HttpError(405, 'method_not_allowed', `use ${method}`)
}

/** `alice` or `alice.reown.id` → `alice.reown.id`; anything else is a 400 on `path.name`. */
function fullName(raw: string): string {
  const name = raw.toLowerCase().endsWith(`.${NAME_ZONE}`)
    ? raw.toLowerCase()
    : `${raw.toLowerCase()}.${NAME_ZONE}`
  if (!profileNameSchema.safeParse(name).success)
    throw new HttpError(400, 'validation_error', 'invalid_format: path.name', 'path.name')
  return name
}

function evmAddress(raw: string): string {
  if (!isEvmAddress(raw) || !raw.startsWith('0x'))
    throw new HttpError(400, 'validation_error', 'invalid_format: path.address', 'path.address')
  return raw
}

/**
 * SPEC §7 profile names and identity over the API's own registry:
 * `GET /v1/profile/account/{name}` (resolve), `POST /v1/profile/account` (register with a signed
 * message), `GET /v1/profile/reverse/{address}`, `GET /v1/profile/suggestions/{name}` (availability
 * first) and `GET /v1/identity/{address}` (name and avatar). Every call names its project and is
 * served only to a site the project allows, like the other data calls. Answers `true` when handled.
 */
export async function routeNames(
  deps: NamesDeps,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<boolean> {
  const { db, now, ip } = deps
  const { pathname } = url
  const query = Object.fromEntries(url.searchParams)
  const allowSite = async (projectId: string) => {
    const project = await getProject(db, projectId)
    if (!project) throw new HttpError(404, 'invalid_project_id', new InvalidProjectIdError().shortMessage)
    checkSiteOrigin(project, readSiteOrigin(req))
  }
  const projectOf = (
    parsed:
      | { success: true; data: { projectId: string } }
      | { success: false; error: { issues: Parameters<typeof validationError>[1] } },
  ) => {
    if (!parsed.success) throw validationError('query', parsed.error.issues)
    return parsed.data.projectId
  }
  if (pathname === '/v1/profile/account') {
    only(req, 'POST')
    await allowSite(projectOf(identityQuerySchema.safeParse(query)))
    const body = registerNameBodySchema.safeParse(await readJson(req))
    if (!body.success) throw validationError('body', body.error.issues)
    await hitRateLimit({ db, now }, [
      { key: `names-ip:${ip}`, limit: NAME_REGISTER_PER_IP_LIMIT, windowMs: 60_000 },
    ])
    await registerName(deps, body.data)
    reply(res, { success: true })
    return true
  }
  const account = ACCOUNT.exec(pathname)
  if (account) {
    only(req, 'GET')
    await allowSite(projectOf(nameQuerySchema.safeParse(query)))
    const record = await readName(db, fullName(decodeURIComponent(account[1]!)))
    if (!record) throw new HttpError(404, 'name_not_found', 'Name not found', 'path.name')
    reply(res, record)
    return true
  }
  const reverse = REVERSE.exec(pathname)
  if (reverse) {
    only(req, 'GET')
    await allowSite(projectOf(nameQuerySchema.safeParse(query)))
    reply(res, await readNamesOf(db, evmAddress(decodeURIComponent(reverse[1]!))))
    return true
  }
  const suggestions = SUGGESTIONS.exec(pathname)
  if (suggestions) {
    only(req, 'GET')
    await allowSite(projectOf(suggestionsQuerySchema.safeParse(query)))
    const label = fullName(decodeURIComponent(suggestions[1]!)).slice(0, -(NAME_ZONE.length + 1))
    if (!nameLabelSchema.safeParse(label).success)
      throw new HttpError(400, 'validation_error', 'invalid_format: path.name', 'path.name')
    reply(res, { suggestions: await suggestNames(db, label) })
    return true
  }
  const identity = IDENTITY.exec(pathname)
  if (identity) {
    only(req, 'GET')
    await allowSite(projectOf(identityQuerySchema.safeParse(query)))
    const [first] = await readNamesOf(db, evmAddress(decodeURIComponent(identity[1]!)))
    reply(res, { name: first?.name ?? null, avatar: first?.attributes[0]?.avatar ?? null })
    return true
  }
  return false
}
