import { Agent, request } from 'node:http'

export type StatusLoopParameters = {
  /** A loopback URL: the loop refuses any other host. */
  url: string
  /** The body of the i-th request (each request may differ: a new e-mail address per login). */
  body: (i: number) => string
  headers?: Record<string, string>
  connections: number
  durationMs: number
  maxRequests: number
}

export type StatusLoopReturnType = {
  /** Every request answered (any status), per second. */
  perSecond: number
  /** Answers by status code; `error` counts requests that got no answer. */
  statuses: Record<string, number>
  /** p50 and p99 of the answers' latencies, in ms. */
  p50: number | undefined
  p99: number | undefined
}

/** The q-quantile of sorted values (nearest rank). */
export function quantile(sorted: readonly number[], q: number): number | undefined {
  if (sorted.length === 0) return undefined
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]
}

/**
 * A closed-loop load generator (as `loadLoop`) that keeps every answer: for endpoints where a 429
 * is the expected end (login endpoints against their rate limits), the figure is how fast they answer
 * and what they answer, not only how many 200s there were.
 */
export async function statusLoop({
  url,
  body,
  headers = {},
  connections,
  durationMs,
  maxRequests,
}: StatusLoopParameters): Promise<StatusLoopReturnType> {
  const target = new URL(url)
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(target.hostname)) throw new Error(`not loopback: ${url}`)
  const agent = new Agent({ keepAlive: true, maxSockets: connections })
  const latencies: number[] = []
  const statuses: Record<string, number> = {}
  const count = (key: string) => {
    statuses[key] = (statuses[key] ?? 0) + 1
  }
  let started = 0
  const begin = performance.now()
  const deadline = begin + durationMs

  const once = (i: number) =>
    new Promise<void>((resolve) => {
      const payload = body(i)
      const sent = performance.now()
      const req = request(
        target,
        {
          method: 'POST',
          agent,
          headers: {
            ...headers,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
          },
        },
        (res) => {
          res.resume()
          res.on('end', () => {
            latencies.push(performance.now() - sent)
            count(String(res.statusCode))
            resolve()
          })
        },
      )
      req.on('error', () => {
        count('error')
        resolve()
      })
      req.end(payload)
    })

  const worker = async () => {
    while (performance.now() < deadline && started < maxRequests) await once(started++)
  }
  await Promise.all(Array.from({ length: connections }, worker))
  const seconds = (performance.now() - begin) / 1000
  agent.destroy()
  latencies.sort((a, b) => a - b)
  return {
    perSecond: latencies.length / seconds,
    statuses,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
  }
}
