import type { IncomingMessage, ServerResponse } from 'node:http'
import {
  deviceApproveQuerySchema,
  emailStartRequestSchema,
  emailStatusQuerySchema,
  emailUpdateStartRequestSchema,
  emailUpdateVerifyRequestSchema,
  emailVerifyRequestSchema,
  farcasterFinishRequestSchema,
  farcasterStartRequestSchema,
  putShareRequestSchema,
  replaceShareRequestSchema,
  SITE_ORIGIN_HEADER,
  socialFinishRequestSchema,
  socialStartRequestSchema,
} from '@modalkit/protocol'
import { readSiteOrigin } from '../server/checkSiteOrigin.ts'
import { HttpError, validationError } from '../server/HttpError.ts'
import { readJson } from '../server/readJson.ts'
import { replyError } from '../server/replyError.ts'
import type { AuthDeps } from './AuthDeps.ts'
import { approveDeviceLink } from './approveDeviceLink.ts'
import { authError } from './authErrors.ts'
import { getShare, putShare } from './authShare.ts'
import { describeDevice } from './describeDevice.ts'
import { DEVICE_APPROVAL_FORM, DEVICE_APPROVAL_SCRIPT_SOURCE } from './deviceApprovalForm.ts'
import { finishFarcasterLogin, startFarcasterLogin } from './farcasterLogin.ts'
import { finishSocialLogin } from './finishSocialLogin.ts'
import { getEmailStatus } from './getEmailStatus.ts'
import { issueShareNonce } from './issueShareNonce.ts'
import { replaceAuthShare } from './replaceAuthShare.ts'
import { requireSession, revokeSession } from './sessions.ts'
import { startEmailLogin } from './startEmailLogin.ts'
import { startEmailUpdate } from './startEmailUpdate.ts'
import { APPLE_CALLBACK_PATH, callbackUrl, startSocialLogin } from './startSocialLogin.ts'
import { loadAuthUser } from './users.ts'
import { verifyEmailLogin } from './verifyEmailLogin.ts'
import { verifyUpdatePrimary, verifyUpdateSecondary } from './verifyEmailUpdate.ts'

export const AUTH_PREFIX = '/v1/auth/'

/** A protocol schema, as far as parsing needs it (zod's safeParse). */
type Parser<T> = {
  safeParse(
    value: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: Parameters<typeof validationError>[1] } }
}

async function body<T>(req: IncomingMessage, schema: Parser<T>): Promise<T> {
  const parsed = schema.safeParse(await readJson(req))
  if (!parsed.success) throw validationError('body', parsed.error.issues)
  return parsed.data
}

function query<T>(url: URL, schema: Parser<T>): T {
  const parsed = schema.safeParse(Object.fromEntries(url.searchParams))
  if (!parsed.success) throw validationError('query', parsed.error.issues)
  return parsed.data
}

function json(res: ServerResponse, status: number, value: unknown): void {
  res.statusCode = status
  res.setHeader('content-type', 'application/json')
  res.end(JSON.stringify(value))
}

/**
 * The approval pages: static words, no script. The only thing from the request in them is the
 * token, after its schema allowed only URL-safe base64, as the form's hidden field.
 */
function page(
  res: ServerResponse,
  status: number,
  title: string,
  text: string,
  form = '',
  scriptSource = '',
): void {
  res.statusCode = status
  res.setHeader('content-type', 'text/html; charset=utf-8')
  const scripts = scriptSource ? `; script-src ${scriptSource}; require-trusted-types-for 'script'` : ''
  res.setHeader(
    'content-security-policy',
    `default-src 'none'; form-action 'self'; frame-ancestors 'none'${scripts}`,
  )
  // Not no-referrer: with it Chromium sends `Origin: null` on the form's POST, which is refused.
  res.setHeader('referrer-policy', 'same-origin')
  res.end(
    `<!doctype html><meta charset="utf-8"><title>${title}</title><h1>${title}</h1><p>${text}</p>${form}\n`,
  )
}

/** A form body (`token=…`), as the approval page's button posts it. */
async function formBody(req: IncomingMessage, limit = 4096): Promise<Record<string, string>> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > limit) throw new HttpError(413, 'payload_too_large', `body over ${limit} bytes`)
    chunks.push(chunk as Buffer)
  }
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')))
}

const APPROVE_PATH = '/v1/auth/device/approve'

/**
 * Apple's `form_post` answer (code, state, id_token, and user on the first login) arrives here as a
 * top-level POST from Apple's page. Only `code`, `state` and `error` go on, as a 303 to the secure
 * frame's callback page, where the flow continues as for every other provider; nothing is decided
 * here (the frame's verifier and the single-use state are checked at finish).
 */
async function forwardFormPost(deps: AuthDeps, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const form = await formBody(req, 16_384)
  const next = new URL(callbackUrl(deps.authOrigin))
  for (const key of ['code', 'state', 'error'] as const) {
    const value = form[key]
    if (value && value.length <= 2000) next.searchParams.set(key, value)
  }
  res.statusCode = 303
  res.setHeader('location', next.href)
  res.setHeader('cache-control', 'no-store')
  res.setHeader('referrer-policy', 'no-referrer')
  res.end()
}

async function dispatch(
  deps: AuthDeps,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  ip: string,
): Promise<void> {
  const route = `${req.method} ${url.pathname}`
  switch (route) {
    case 'POST /v1/auth/email/start': {
      const input = await body(req, emailStartRequestSchema)
      const device = describeDevice(req.headers['user-agent'])
      // The site is the origin the browser reported to the modal (header), never the body's field.
      const siteOrigin = readSiteOrigin(req)
      return json(res, 200, await startEmailLogin(deps, { ...input, siteOrigin, ip, device }))
    }
    case 'GET /v1/auth/email/status': {
      const { requestId } = query(url, emailStatusQuerySchema)
      return json(res, 200, await getEmailStatus(deps, requestId, ip))
    }
    case `GET ${APPROVE_PATH}`: {
      // Mail scanners and link previews follow links: opening the link only shows the button. Its
      // token is in the link's fragment, which no request carries (deviceApprovalForm.ts).
      return page(
        res,
        200,
        'Approve this device?',
        'Approve only if you just asked to log in.',
        DEVICE_APPROVAL_FORM,
        DEVICE_APPROVAL_SCRIPT_SOURCE,
      )
    }
    case `POST ${APPROVE_PATH}`: {
      const parsed = deviceApproveQuerySchema.safeParse(await formBody(req))
      if (!parsed.success) return page(res, 400, 'Link not valid', 'This approval link is not complete.')
      const { status, title, text } = await approveDeviceLink(deps, parsed.data.token)
      return page(res, status, title, text)
    }
    case 'POST /v1/auth/email/verify': {
      const input = await body(req, emailVerifyRequestSchema)
      return json(res, 200, await verifyEmailLogin(deps, input, ip))
    }
    case 'GET /v1/auth/session': {
      const session = await requireSession(deps, req)
      return json(res, 200, { user: await loadAuthUser(deps.db.query, session.userId) })
    }
    case 'POST /v1/auth/signout': {
      await revokeSession(deps, await requireSession(deps, req))
      return json(res, 200, { ok: true })
    }
    case 'PUT /v1/auth/share': {
      const session = await requireSession(deps, req)
      const input = await body(req, putShareRequestSchema)
      return json(res, 200, await putShare(deps, { session, origin: req.headers.origin, ip }, input))
    }
    case 'POST /v1/auth/share/nonce': {
      const session = await requireSession(deps, req)
      return json(res, 200, await issueShareNonce(deps, { session, origin: req.headers.origin }))
    }
    case 'POST /v1/auth/share/replace': {
      const session = await requireSession(deps, req)
      const input = await body(req, replaceShareRequestSchema)
      const device = describeDevice(req.headers['user-agent'])
      return json(
        res,
        200,
        await replaceAuthShare(deps, { session, origin: req.headers.origin, ip, device }, input),
      )
    }
    case 'GET /v1/auth/share': {
      const session = await requireSession(deps, req)
      return json(res, 200, await getShare(deps, { session, origin: req.headers.origin, ip }))
    }
    case 'POST /v1/auth/email/update/start': {
      const session = await requireSession(deps, req)
      const { newEmail } = await body(req, emailUpdateStartRequestSchema)
      return json(res, 200, await startEmailUpdate(deps, session, { newEmail, ip }))
    }
    case 'POST /v1/auth/email/update/verify-primary': {
      const session = await requireSession(deps, req)
      const input = await body(req, emailUpdateVerifyRequestSchema)
      return json(res, 200, await verifyUpdatePrimary(deps, session, input))
    }
    case 'POST /v1/auth/email/update/verify-secondary': {
      const session = await requireSession(deps, req)
      const input = await body(req, emailUpdateVerifyRequestSchema)
      return json(res, 200, await verifyUpdateSecondary(deps, session, input))
    }
    case 'POST /v1/auth/social/start': {
      const input = await body(req, socialStartRequestSchema)
      return json(res, 200, await startSocialLogin(deps, { ...input, siteOrigin: readSiteOrigin(req) }, ip))
    }
    case `POST ${APPLE_CALLBACK_PATH}`:
      return forwardFormPost(deps, req, res)
    case 'POST /v1/auth/farcaster/start': {
      const input = await body(req, farcasterStartRequestSchema)
      return json(
        res,
        200,
        await startFarcasterLogin(deps, { ...input, siteOrigin: readSiteOrigin(req) }, ip),
      )
    }
    case 'POST /v1/auth/farcaster/finish': {
      const input = await body(req, farcasterFinishRequestSchema)
      return json(res, 200, await finishFarcasterLogin(deps, input))
    }
    case 'POST /v1/auth/social/finish': {
      const input = await body(req, socialFinishRequestSchema)
      return json(res, 200, await finishSocialLogin(deps, input))
    }
  }
  throw new HttpError(404, 'not_found', 'no such route')
}

/**
 * Every `/v1/auth/*` request. Browsers may call these only from the secure frame's exact origin:
 * CORS answers that origin alone, and a request that carries another Origin is refused outright (no
 * cookies are involved, so this is about keeping tokens and shares out of other pages' reach). The
 * approval link is a top-level navigation from a mail client (no Origin); its button posts from the
 * API's own origin.
 */
export async function routeAuth(
  deps: AuthDeps,
  req: IncomingMessage,
  res: ServerResponse,
  /** The client's address (clientAddress: the socket peer, or X-Forwarded-For behind TRUST_PROXY). */
  ip: string,
): Promise<void> {
  res.setHeader('vary', 'Origin')
  const origin = req.headers.origin
  try {
    const url = new URL(req.url ?? '/', 'http://api.invalid')
    // The approval page's own form posts from the API's origin; nothing else may.
    const approvalForm = req.method === 'POST' && url.pathname === APPROVE_PATH && origin === deps.apiOrigin
    // Apple's form_post comes from Apple's page (any Origin); it only redirects, and gets no CORS.
    const formPost = req.method === 'POST' && url.pathname === APPLE_CALLBACK_PATH
    if (formPost) return void (await dispatch(deps, req, res, url, ip))
    if (origin !== undefined && origin !== deps.authOrigin && !approvalForm)
      throw authError('origin_not_allowed', 'header.origin')
    if (origin && !approvalForm) res.setHeader('access-control-allow-origin', origin)
    if (req.method === 'OPTIONS') {
      res.setHeader('access-control-allow-methods', 'GET, POST, PUT')
      res.setHeader('access-control-allow-headers', `content-type, authorization, ${SITE_ORIGIN_HEADER}`)
      res.setHeader('access-control-max-age', '600')
      res.statusCode = 204
      return void res.end()
    }
    await dispatch(deps, req, res, url, ip)
  } catch (error) {
    // Never the request: bodies and URLs here carry codes and tokens.
    replyError(res, error, 'auth error')
  }
}
