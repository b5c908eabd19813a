import { Agent, type IncomingMessage, type RequestOptions, request } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import { RPC_FALLBACK, RPC_RETRY, RPC_TIMEOUT_MS } from '@modalkit/shared'
import { HttpError } from '../server/HttpError.ts'
import { rankUpstreams, type UpstreamSample } from './rankUpstreams.ts'

/** A node's answer: its status and headers, and the body as a stream (piped to the client as it comes). */
export type UpstreamReply = { status: number; body: IncomingMessage }

export type ChainUpstreams = {
  /** POSTs a JSON-RPC body to the best node, retrying and falling back (SPEC §9). */
  send(body: string): Promise<UpstreamReply>
  close(): void
}

export type ChainUpstreamsOptions = {
  /** The method a health ping calls (any JSON-RPC answer proves the node is up). */
  pingMethod: string
  sleep?: (ms: number) => Promise<void>
  now?: () => number
}

/** The proxy holds a client's request this long at most for one `Retry-After` of a node. */
const MAX_RETRY_AFTER_MS = 2_000

function retryAfterMs(header: string | string[] | undefined): number | undefined {
  const seconds = Number(Array.isArray(header) ? header[0] : header)
  return header !== undefined && Number.isFinite(seconds) && seconds >= 0
    ? Math.min(seconds * 1000, MAX_RETRY_AFTER_MS)
    : undefined
}

type Node = {
  url: URL
  agent: Agent
  /** The request options, made once: host, port and path of the node, its pool, method. */
  options: RequestOptions
  samples: UpstreamSample[]
  failedAt: number
}

/**
 * One chain's nodes behind the proxy. Each node has a pool of keep-alive connections (no setup per
 * request); a request goes to the best-ranked node (rankUpstreams, fed by real traffic and, with
 * several nodes, a ping every 4 s), and on a network failure or a status of SPEC §9's list (403, 408,
 * 413, 429, 500, 502, 503, 504) is tried again up to 3 times, 150 ms doubling (or the node's
 * `Retry-After`, up to 2 s), on the next node when there is one. A node that failed is skipped for
 * 1 s while another is left.
 */
export function createChainUpstreams(
  urls: readonly string[],
  {
    pingMethod,
    sleep = (ms) => new Promise((r) => setTimeout(r, ms)),
    now = Date.now,
  }: ChainUpstreamsOptions,
): ChainUpstreams {
  const nodes: Node[] = urls.map((text) => {
    const url = new URL(text)
    const Pool = url.protocol === 'https:' ? HttpsAgent : Agent
    const agent = new Pool({ keepAlive: true, maxSockets: 256 })
    const options: RequestOptions = {
      protocol: url.protocol,
      hostname: url.hostname.replace(/^\[|\]$/g, ''),
      port: url.port,
      path: `${url.pathname}${url.search}`,
      method: 'POST',
      agent,
      timeout: RPC_TIMEOUT_MS,
      ...(url.username
        ? { auth: `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}` }
        : {}),
    }
    return { url, agent, options, samples: [], failedAt: -Infinity }
  })
  const record = (node: Node, sample: UpstreamSample) => {
    node.samples.push(sample)
    if (node.samples.length > RPC_FALLBACK.sampleCount) node.samples.shift()
    if (!sample.ok) node.failedAt = now()
  }

  const post = (node: Node, body: string) =>
    new Promise<UpstreamReply>((resolve, reject) => {
      const send = node.url.protocol === 'https:' ? httpsRequest : request
      const req = send(
        {
          ...node.options,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => resolve({ status: res.statusCode ?? 502, body: res }),
      )
      req.on('timeout', () => req.destroy(new Error('the node did not answer in time')))
      req.on('error', reject)
      req.end(body)
    })

  /** Nodes best first; those that failed in the last second go last. */
  const order = (): Node[] => {
    if (nodes.length === 1) return nodes
    const ranked = rankUpstreams(nodes.map((n) => n.samples)).map((i) => nodes[i]!)
    const cool = now() - RPC_FALLBACK.retryAfterFailureMs
    return [...ranked.filter((n) => n.failedAt <= cool), ...ranked.filter((n) => n.failedAt > cool)]
  }

  const send = async (body: string): Promise<UpstreamReply> => {
    const candidates = order()
    for (let attempt = 0; ; attempt++) {
      const node = candidates[attempt % candidates.length]!
      const started = performance.now()
      let wait: number | undefined
      try {
        const reply = await post(node, body)
        const latencyMs = performance.now() - started
        if (!(RPC_RETRY.statuses as readonly number[]).includes(reply.status)) {
          record(node, { ok: reply.status === 200, latencyMs })
          return reply
        }
        record(node, { ok: false, latencyMs })
        reply.body.resume()
        wait = retryAfterMs(reply.body.headers['retry-after'])
      } catch {
        record(node, { ok: false, latencyMs: performance.now() - started })
      }
      if (attempt >= RPC_RETRY.count)
        throw new HttpError(502, 'upstream_unavailable', 'the chain node did not answer')
      const backoff = RPC_RETRY.delayMs * 2 ** attempt
      const sameNode = candidates[(attempt + 1) % candidates.length] === node
      await sleep(sameNode ? (wait ?? backoff) : backoff)
    }
  }

  const ping = JSON.stringify({ jsonrpc: '2.0', id: 0, method: pingMethod, params: [] })
  const pinger =
    nodes.length > 1
      ? setInterval(() => {
          for (const node of nodes) {
            const started = performance.now()
            post(node, ping).then(
              (reply) => {
                reply.body.resume()
                record(node, { ok: reply.status === 200, latencyMs: performance.now() - started })
              },
              () => record(node, { ok: false, latencyMs: performance.now() - started }),
            )
          }
        }, RPC_FALLBACK.pingIntervalMs)
      : undefined
  pinger?.unref()

  return {
    send,
    close() {
      if (pinger) clearInterval(pinger)
      for (const node of nodes) node.agent.destroy()
    },
  }
}
