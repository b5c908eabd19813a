import type { JsonRpcRequest } from '@modalkit/protocol'
import type { ChainUpstreams, UpstreamReply } from './createChainUpstreams.ts'

/** What one read gets back: the node's HTTP status and the answer's bytes (its own id restored). */
export type ReadAnswer = { status: number; bytes: Buffer }

/** Calls one upstream batch carries at most. */
const MAX_COALESCED = 100

export function readBody(reply: UpstreamReply): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    reply.body.on('data', (chunk: Buffer) => chunks.push(chunk))
    reply.body.on('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)))
    reply.body.on('error', reject)
  })
}

type Waiter = { call: JsonRpcRequest; resolve(answer: ReadAnswer): void; reject(error: unknown): void }

/**
 * Single reads from many clients that arrive in the same turn of the event loop go to the node as
 * one JSON-RPC batch (ids renumbered 0..n-1 for the node, each client's own id put back on its
 * answer), so under load the proxy makes one upstream request where it would make many: fewer
 * connections busy, writes and parses. A read alone goes as it came and its bytes come back
 * untouched. Should the node refuse the batch or answer it out of shape (not an array of one answer
 * per call), each read is sent again on its own, so a node without batch support is served the same.
 * The proxy gives this only cheap reads (proxyRpc's `coalescable`): never a signed send, which a
 * retried batch would carry twice, nor a call a node may take long over, which would hold every other
 * client's answer in its batch.
 */
export function coalesceReads(upstream: ChainUpstreams): (call: JsonRpcRequest) => Promise<ReadAnswer> {
  let queue: Waiter[] = []
  let scheduled = false

  const alone = async (call: JsonRpcRequest): Promise<ReadAnswer> => {
    const reply = await upstream.send(JSON.stringify(call))
    return { status: reply.status, bytes: await readBody(reply) }
  }

  const together = async (waiting: Waiter[]): Promise<void> => {
    let answers: unknown
    try {
      const reply = await upstream.send(JSON.stringify(waiting.map(({ call }, id) => ({ ...call, id }))))
      const bytes = await readBody(reply)
      answers = reply.status === 200 ? JSON.parse(bytes.toString('utf8')) : undefined
    } catch {
      answers = undefined
    }
    const byId = new Map<number, Record<string, unknown>>()
    if (Array.isArray(answers) && answers.length === waiting.length) {
      for (const answer of answers) {
        const id = (answer as { id?: unknown } | null)?.id
        if (typeof id === 'number' && Number.isInteger(id) && id >= 0 && id < waiting.length)
          byId.set(id, answer as Record<string, unknown>)
      }
    }
    for (const [index, waiter] of waiting.entries()) {
      const answer = byId.get(index)
      if (answer && byId.size === waiting.length) {
        waiter.resolve({
          status: 200,
          bytes: Buffer.from(JSON.stringify({ ...answer, id: waiter.call.id })),
        })
      } else alone(waiter.call).then(waiter.resolve, waiter.reject)
    }
  }

  const flush = () => {
    scheduled = false
    const waiting = queue
    queue = []
    if (waiting.length === 1) {
      const [only] = waiting as [Waiter]
      alone(only.call).then(only.resolve, only.reject)
    } else if (waiting.length > 1) void together(waiting)
  }

  return (call) =>
    new Promise<ReadAnswer>((resolve, reject) => {
      queue.push({ call, resolve, reject })
      if (queue.length >= MAX_COALESCED) flush()
      else if (!scheduled) {
        scheduled = true
        setImmediate(flush)
      }
    })
}
