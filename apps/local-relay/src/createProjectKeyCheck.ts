/** How long a key's answer is kept: the API is asked once a minute per key at most. */
const KEEP_MS = 60_000

/**
 * The public relay knows the project keys of its cloud; this stand-in asks the product's API, whose
 * projects are the keys here: `GET /v1/projects/<id>/config` is 200 for a project and 4xx for an
 * unknown one. An API that cannot be reached is no verdict: the key is accepted (the relay must not
 * cut every wallet off while the API restarts), and asked again on the next connection.
 */
export function createProjectKeyCheck(apiUrl: string, now: () => number = Date.now) {
  const known = new Map<string, { ok: boolean; at: number }>()
  return async (projectId: string): Promise<boolean> => {
    const kept = known.get(projectId)
    if (kept && now() - kept.at < KEEP_MS) return kept.ok
    try {
      const res = await fetch(`${apiUrl}/v1/projects/${encodeURIComponent(projectId)}/config`, {
        signal: AbortSignal.timeout(3_000),
      })
      await res.body?.cancel()
      if (res.status >= 500) return true
      const ok = res.ok
      known.set(projectId, { ok, at: now() })
      return ok
    } catch {
      return true
    }
  }
}
