import { randomBytes, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import * as z from 'zod/mini'

/**
 * A local Farcaster auth relay: the HTTP protocol of Farcaster's relay (`/v1/channel`,
 * `/v1/channel/status`, `/v1/channel/authenticate`) as `@farcaster/auth-client` speaks it. An app
 * opens a channel, a Farcaster client approves it with a signed Sign In With Farcaster message (only
 * clients holding the relay key may), and the app polls for that message. Like the real relay it
 * checks nothing about the message itself: the app must verify it. Channels live in memory and
 * expire `ttlMs` after they were opened (then status answers 401, as for an unknown channel).
 */
export type FarcasterRelayOptions = {
  host: string
  port: number
  /** The key a Farcaster client must send as `X-Farcaster-Auth-Relay-Key` to approve a channel. */
  authKey: string
  /** Where a channel's `url` points: the Farcaster client's sign-in page. */
  connectUrl?: string
  ttlMs?: number
  now?: () => number
}

const nonceSchema = z.string().check(z.regex(/^[a-zA-Z0-9]{8,64}$/))
const createSchema = z.object({
  siweUri: z.url(),
  domain: z.string().check(z.minLength(1), z.maxLength(253)),
  nonce: z.optional(nonceSchema),
  notBefore: z.optional(z.iso.datetime()),
  expirationTime: z.optional(z.iso.datetime()),
  requestId: z.optional(z.string().check(z.maxLength(200))),
  redirectUrl: z.optional(z.url()),
  acceptAuthAddress: z.optional(z.boolean()),
})
const authenticateSchema = z.object({
  message: z.string().check(z.minLength(1), z.maxLength(4000)),
  signature: z.string().check(z.regex(/^0x[0-9a-fA-F]+$/), z.maxLength(4000)),
  fid: z.number().check(z.int(), z.positive()),
  username: z.optional(z.string().check(z.maxLength(64))),
  bio: z.optional(z.string().check(z.maxLength(500))),
  displayName: z.optional(z.string().check(z.maxLength(64))),
  pfpUrl: z.optional(z.string().check(z.maxLength(500))),
  verifications: z.optional(z.array(z.string().check(z.maxLength(100))).check(z.maxLength(20))),
  custody: z.optional(z.string().check(z.maxLength(64))),
  authMethod: z.optional(z.enum(['custody', 'authAddress'])),
})

type Channel = z.infer<typeof createSchema> & {
  channelToken: string
  nonce: string
  url: string
  openedAt: number
  metadata: { ip: string; userAgent: string }
  completed?: z.infer<typeof authenticateSchema>
}

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  let text = ''
  for await (const chunk of req) {
    text += chunk
    if (text.length > 20_000) throw new Error('body too large')
  }
  return JSON.parse(text || '{}')
}

export async function startFarcasterRelay({
  host,
  port,
  authKey,
  connectUrl = 'https://farcaster.xyz/~/siwf',
  ttlMs = 10 * 60_000,
  now = Date.now,
}: FarcasterRelayOptions): Promise<{ server: Server; origin: string; close(): Promise<void> }> {
  const channels = new Map<string, Channel>()
  const channelOf = (req: IncomingMessage): Channel | undefined => {
    const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1]
    const channel = token ? channels.get(token) : undefined
    if (channel && now() - channel.openedAt >= ttlMs) {
      channels.delete(channel.channelToken)
      return undefined
    }
    return channel
  }
  /** A channel as the relay's status answers it: the request's parameters under `signatureParams`. */
  const view = (channel: Channel) => {
    const { channelToken: _, openedAt: __, completed, metadata, nonce, url } = channel
    const { siweUri, domain, notBefore, expirationTime, requestId, redirectUrl } = channel
    const common = {
      nonce,
      url,
      signatureParams: { siweUri, domain, nonce, notBefore, expirationTime, requestId, redirectUrl },
      metadata,
      acceptAuthAddress: channel.acceptAuthAddress ?? true,
    }
    return completed ? { ...common, ...completed, state: 'completed' } : { ...common, state: 'pending' }
  }

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    res.setHeader('access-control-allow-origin', '*')
    if (req.method === 'OPTIONS') {
      res.setHeader('access-control-allow-methods', 'GET, POST')
      res.setHeader('access-control-allow-headers', 'authorization, content-type, x-farcaster-auth-relay-key')
      res.writeHead(204)
      return void res.end()
    }
    const path = new URL(req.url ?? '/', 'http://relay.invalid').pathname
    const route = `${req.method} ${path}`
    if (route === 'GET /healthcheck') return send(res, 200, { status: 'OK' })
    if (route === 'POST /v1/channel') {
      const input = createSchema.safeParse(await readJson(req))
      if (!input.success) return send(res, 400, { error: 'Validation error', issues: input.error.issues })
      const channelToken = randomUUID()
      const nonce = input.data.nonce ?? randomBytes(12).toString('hex')
      const url = new URL(connectUrl)
      url.search = new URLSearchParams({
        channelToken,
        nonce,
        siweUri: input.data.siweUri,
        domain: input.data.domain,
        ...(input.data.notBefore ? { notBefore: input.data.notBefore } : {}),
        ...(input.data.expirationTime ? { expirationTime: input.data.expirationTime } : {}),
        ...(input.data.requestId ? { requestId: input.data.requestId } : {}),
      }).toString()
      channels.set(channelToken, {
        ...input.data,
        channelToken,
        nonce,
        url: url.href,
        openedAt: now(),
        metadata: { ip: req.socket.remoteAddress ?? '', userAgent: req.headers['user-agent'] ?? '' },
      })
      return send(res, 201, { channelToken, url: url.href, nonce })
    }
    if (route === 'GET /v1/channel/status') {
      const channel = channelOf(req)
      if (!channel) return send(res, 401, { error: 'Unauthorized' })
      return send(res, channel.completed ? 200 : 202, view(channel))
    }
    if (route === 'POST /v1/channel/authenticate') {
      if (req.headers['x-farcaster-auth-relay-key'] !== authKey)
        return send(res, 401, { error: 'Unauthorized' })
      const channel = channelOf(req)
      if (!channel) return send(res, 401, { error: 'Unauthorized' })
      const input = authenticateSchema.safeParse(await readJson(req))
      if (!input.success) return send(res, 400, { error: 'Validation error', issues: input.error.issues })
      channel.completed = input.data
      return send(res, 201, view(channel))
    }
    send(res, 404, { error: 'Not found' })
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => send(res, 400, { error: 'Bad request' }))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolve())
  })
  const address = server.address()
  const bound = typeof address === 'object' && address ? address.port : port
  return {
    server,
    origin: `http://${host}:${bound}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
