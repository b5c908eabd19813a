import { Agent, request } from 'node:http'
import { type Summary, summarize } from './summarize.ts'

export type LoadLoopParameters = {
  /** A loopback URL: the loop refuses any other host. */
  url: string
  body: string
  connections: number
  durationMs: number
  /** A hard cap on requests, whatever the duration. */
  maxRequests: number
}
export type LoadLoopReturnType = {
  requests: number
  errors: number
  perSecond: number
  latencyMs: Summary | undefined
  /** The 99th percentile of the answered requests' latency. */
  p99Ms: number | undefined
}

/**
 * A small closed-loop load generator (autocannon's model): `connections` keep-alive connections, each
 * sending the next POST as soon as the previous reply ends, bounded in time and count, loopback only.
 */
export async function loadLoop({
  url,
  body,
  connections,
  durationMs,
  maxRequests,
}: LoadLoopParameters): Promise<LoadLoopReturnType> {
  const target = new URL(url)
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(target.hostname)) throw new Error(`not loopback: ${url}`)
  const agent = new Agent({ keepAlive: true, maxSockets: connections })
  const latencies: number[] = []
  let started = 0
  let errors = 0
  const begin = performance.now()
  const deadline = begin + durationMs

  const once = () =>
    new Promise<void>((resolve) => {
      const sent = performance.now()
      const req = request(
        target,
        {
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          res.resume()
          res.on('end', () => {
            if (res.statusCode === 200) latencies.push(performance.now() - sent)
            else errors++
            resolve()
          })
        },
      )
      req.on('error', () => {
        errors++
        resolve()
      })
      req.end(body)
    })

  const worker = async () => {
    while (performance.now() < deadline && started < maxRequests) {
      started++
      await once()
    }
  }
  await Promise.all(Array.from({ length: connections }, worker))
  const seconds = (performance.now() - begin) / 1000
  agent.destroy()
  return {
    requests: latencies.length,
    errors,
    perSecond: latencies.length / seconds,
    latencyMs: summarize(latencies),
    p99Ms: latencies.length
      ? latencies.sort((a, b) => a - b)[Math.floor(latencies.length * 0.99)]
      : undefined,
  }
}
