import {
  deserializeError,
  MAX_READS_PER_MESSAGE,
  type ReplyEnvelope,
  type RpcRequest,
  ValidationError,
} from '@modalkit/protocol'

export type ReadBatcherBackend = {
  /** One request, as the channel's `request`. */
  request(request: RpcRequest): Promise<unknown>
  /** Several reads in one message, each answered in its own envelope (the channel's `requestReads`). */
  requestReads(requests: RpcRequest[]): Promise<ReplyEnvelope[]>
}

type Queued = { request: RpcRequest; resolve(value: unknown): void; reject(error: unknown): void }

/**
 * Runs `task` once the page's current task and its microtasks are done: a posted message, which
 * (unlike a 0 ms timer) is never clamped. Where no MessageChannel exists, the timer.
 */
function afterThisTask(task: () => void): void {
  if (typeof MessageChannel === 'undefined') {
    setTimeout(task, 0)
    return
  }
  const { port1, port2 } = new MessageChannel()
  port1.onmessage = () => {
    port1.close()
    task()
  }
  port2.postMessage(null)
}

/**
 * The page's chain reads of one task (a `Promise.all` of `eth_call`s, ethers' and viem's bursts) go
 * to the modal as ONE message, so the modal's RPC batcher sends them to the API as one JSON-RPC batch
 * (SPEC §9) instead of as many messages as reads, which reach the modal one by one. A lone read goes
 * as it always did. When the batch as a whole fails (a reply over the channel's size limit), each
 * read is asked again on its own, so no read fails for having been batched.
 */
export function createReadBatcher(backend: () => Promise<ReadBatcherBackend>) {
  let queue: Queued[] = []

  const send = async (batch: Queued[]) => {
    const modal = await backend()
    if (batch.length === 1) {
      const [only] = batch as [Queued]
      modal.request(only.request).then(only.resolve, only.reject)
      return
    }
    let replies: ReplyEnvelope[]
    try {
      replies = await modal.requestReads(batch.map((q) => q.request))
      if (replies.length !== batch.length) throw new ValidationError('requestReads reply', [])
    } catch {
      for (const q of batch) modal.request(q.request).then(q.resolve, q.reject)
      return
    }
    batch.forEach((q, i) => {
      const reply = replies[i] as ReplyEnvelope
      if (reply.ok) q.resolve(reply.value)
      else q.reject(deserializeError(reply.error))
    })
  }

  const flush = () => {
    const all = queue
    queue = []
    for (let i = 0; i < all.length; i += MAX_READS_PER_MESSAGE) {
      const batch = all.slice(i, i + MAX_READS_PER_MESSAGE)
      send(batch).catch((error: unknown) => {
        for (const q of batch) q.reject(error)
      })
    }
  }

  return (request: RpcRequest): Promise<unknown> =>
    new Promise((resolve, reject) => {
      if (queue.length === 0) afterThisTask(flush)
      queue.push({ request, resolve, reject })
    })
}
