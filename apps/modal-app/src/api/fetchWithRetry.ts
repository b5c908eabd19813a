import { RPC_RETRY } from '@modalkit/shared'

export type RetryOptions = {
  retries?: number
  delayMs?: number
  statuses?: readonly number[]
  sleep?: (ms: number) => Promise<void>
}

const MAX_RETRY_AFTER_MS = 10_000

/** `Retry-After` as milliseconds (seconds or an HTTP date), capped; `undefined` when absent or bad. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined
  const seconds = Number(header)
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now
  return Number.isFinite(ms) && ms >= 0 ? Math.min(ms, MAX_RETRY_AFTER_MS) : undefined
}

/**
 * SPEC §9 RPC retry: up to 3 more tries on 403, 408, 413, 429, 500, 502, 503, 504, waiting 150 ms and
 * doubling, or what `Retry-After` asks for. Network failures are retried the same way.
 */
export async function fetchWithRetry(
  url: string,
  init: RequestInit,
  fetcher: typeof fetch,
  {
    retries = RPC_RETRY.count,
    delayMs = RPC_RETRY.delayMs,
    statuses = RPC_RETRY.statuses,
    sleep = (ms) => new Promise((r) => setTimeout(r, ms)),
  }: RetryOptions = {},
): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const backoff = delayMs * 2 ** attempt
    let res: Response
    try {
      res = await fetcher(url, init)
    } catch (error) {
      if (attempt >= retries) throw error
      await sleep(backoff)
      continue
    }
    if (!statuses.includes(res.status) || attempt >= retries) return res
    await sleep(retryAfterMs(res.headers.get('retry-after')) ?? backoff)
  }
}
