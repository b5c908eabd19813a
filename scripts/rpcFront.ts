import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http'

/** How a request fails: a status of SPEC §9's retry list, or its connection cut without an answer. */
export type RpcFrontFault = 'status' | 'reset'
/** The next `left` requests whose body holds `match` (any case) fail, by `fault`. */
type Rule = { match: string; fault: RpcFrontFault; left: number }
/** A request that held a watched text: the node it came to (`a` or `b`), and whether it failed. */
export type RpcFrontArrival = { node: string; failed: boolean }

/** The two nodes the API is given for the chain: two paths of this one front. */
export const RPC_FRONT_NODES = ['a', 'b'] as const

const MAX_BODY = 1 << 20
/** Rules waiting at once, watched texts, and arrivals kept per text: a test's handful, bounded. */
const MAX_RULES = 100
const MAX_WATCHED = 1000
const MAX_ARRIVALS = 100

/**
 * Two upstreams of the API for one chain, both in front of the same EVM node: a JSON-RPC POST to
 * `/a` or `/b` goes to the node as it is, and its answer comes back as it is. The API sees two nodes,
 * ranks them and falls back from one to the other (SPEC §9), which is what this front lets a test
 * watch. With `control` (the loopback test stack only), `POST /control/fail` with
 * `{ match, fault, count }` makes the next `count` requests holding `match` fail on whichever node
 * they reach, and `GET /control/arrivals?match=` lists where each of those requests arrived.
 */
export function createRpcFront({ target, control }: { target: string; control: boolean }): Server {
  const node = new URL(target)
  const rules: Rule[] = []
  const arrivals = new Map<string, RpcFrontArrival[]>()

  const reply = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(body))
  }
  const readBody = async (req: IncomingMessage): Promise<Buffer> => {
    const chunks: Buffer[] = []
    let size = 0
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length
      if (size > MAX_BODY) throw new Error('body too large')
      chunks.push(chunk)
    }
    return Buffer.concat(chunks)
  }

  const handleControl = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    if (req.method === 'POST' && url.pathname === '/control/fail') {
      const body = JSON.parse((await readBody(req)).toString()) as Record<string, unknown>
      const match = typeof body.match === 'string' ? body.match.toLowerCase() : ''
      const fault = body.fault === 'reset' ? 'reset' : 'status'
      const count = typeof body.count === 'number' ? body.count : 1
      if (
        match.length < 8 ||
        !(count >= 1 && count <= 10) ||
        rules.length >= MAX_RULES ||
        arrivals.size >= MAX_WATCHED
      )
        return reply(res, 400, { error: 'match (8 characters or more) and count (1 to 10)' })
      rules.push({ match, fault, left: count })
      arrivals.set(match, arrivals.get(match) ?? [])
      return reply(res, 200, { ok: true })
    }
    if (req.method === 'GET' && url.pathname === '/control/arrivals') {
      return reply(res, 200, arrivals.get((url.searchParams.get('match') ?? '').toLowerCase()) ?? [])
    }
    reply(res, 404, { error: 'POST /control/fail, GET /control/arrivals' })
  }

  const forward = (res: ServerResponse, body: Buffer) => {
    const upstream = request(
      {
        hostname: node.hostname,
        port: node.port,
        path: node.pathname,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': body.length },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { 'content-type': 'application/json' })
        answer.on('error', () => res.destroy())
        answer.pipe(res)
      },
    )
    upstream.on('error', () => res.destroy())
    upstream.end(body)
  }

  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://front.local')
    if (control && url.pathname.startsWith('/control/')) {
      handleControl(req, res, url).catch(() => reply(res, 400, { error: 'bad control request' }))
      return
    }
    const name = url.pathname.slice(1)
    if (req.method !== 'POST' || !(RPC_FRONT_NODES as readonly string[]).includes(name))
      return reply(res, 404, { error: `POST /${RPC_FRONT_NODES.join(' or /')}` })
    readBody(req).then(
      (body) => {
        const text = body.toString().toLowerCase()
        for (const [match, list] of arrivals) {
          if (!text.includes(match)) continue
          const rule = rules.find((r) => r.match === match && r.left > 0)
          if (list.length < MAX_ARRIVALS) list.push({ node: name, failed: rule !== undefined })
          if (!rule) continue
          rule.left--
          if (rule.left === 0) rules.splice(rules.indexOf(rule), 1)
          if (rule.fault === 'reset') return void req.socket.destroy()
          return reply(res, 503, { error: 'failing on demand' })
        }
        forward(res, body)
      },
      () => reply(res, 413, { error: 'body too large' }),
    )
  })
}
