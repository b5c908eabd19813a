import { MINUTE } from '../auth/AuthDeps.ts'
import { hitRateLimit } from '../auth/hitRateLimit.ts'
import type { Db } from '../db/Db.ts'
import { createRpcQuota } from '../rpc/createRpcQuota.ts'

/**
 * What one client (an IPv4 address, or an IPv6 /64: clientAddress) and one project may ask of the
 * routes below in a minute. Each is far above what an honest page asks and bounds what a script
 * with the project's public id and a forged site header can make the API store or forward.
 */
export type RouteLimitFigures = {
  readonly [K in keyof typeof ROUTE_LIMITS]: number
}

export const ROUTE_LIMITS = {
  /** Analytics events: a page sends a few per view it opens; each is a stored row. */
  eventsPerClient: 600,
  eventsPerProject: 60_000,
  /** The remote configuration: one read per page load. */
  configsPerClient: 300,
  /** ERC-4337 bundler calls: each is a round trip to the bundler, estimates run the operation. */
  bundlerCallsPerClient: 300,
  bundlerCallsPerProject: 30_000,
  /** Balance reads past the 30 s cache: a user asks one after each of their own transactions. */
  forcedRefreshesPerClient: 30,
} as const

/**
 * A project's bound is shared by every client of its sites, so a few heavy ones must not spend it for
 * all: once a project has drawn half of its minute, each client keeps a tenth of its own quota (a
 * page's worth) and the heaviest are refused first, as the chain proxy does (createServer's
 * rpcLimitsFor). The project's bound still holds.
 */
function shedWhenCrowded(projectKey: string, perProject: number, perClient: number) {
  return {
    key: projectKey,
    above: Math.floor(perProject / 2),
    limit: Math.max(1, Math.floor(perClient / 10)),
  }
}

export type RouteLimits = {
  /** Each throws 429 'Rate Limited' (authErrors' rateLimited), counting nothing, past its limit. */
  event(ip: string, projectId: string): Promise<void>
  config(ip: string): Promise<void>
  bundlerCall(ip: string, projectId: string): Promise<void>
  forcedRefresh(ip: string): Promise<void>
  /** Writes what the hot routes' counters still hold. */
  close(): Promise<void>
}

/**
 * The limits of the routes that had none. The hot ones (events, configuration: one per page load of
 * every site) and the ones with a project's bound (the bundler) count in memory and share their counts
 * through the database every 250 ms, as the chain proxy does; the others count in the database on
 * every call.
 */
export function createRouteLimits({
  db,
  now,
  figures: L = ROUTE_LIMITS,
}: {
  db: Db
  now: () => number
  figures?: RouteLimitFigures
}): RouteLimits {
  const hot = createRpcQuota({ db, now, windowMs: MINUTE })
  return {
    event: (ip, projectId) => {
      const project = `event-project:${projectId}`
      return hot.hit([
        {
          key: `event-ip:${ip}`,
          limit: L.eventsPerClient,
          cost: 1,
          whenCrowded: shedWhenCrowded(project, L.eventsPerProject, L.eventsPerClient),
        },
        { key: project, limit: L.eventsPerProject, cost: 1 },
      ])
    },
    config: (ip) => hot.hit([{ key: `config-ip:${ip}`, limit: L.configsPerClient, cost: 1 }]),
    bundlerCall: (ip, projectId) => {
      const project = `bundler-project:${projectId}`
      return hot.hit([
        {
          key: `bundler-ip:${ip}`,
          limit: L.bundlerCallsPerClient,
          cost: 1,
          whenCrowded: shedWhenCrowded(project, L.bundlerCallsPerProject, L.bundlerCallsPerClient),
        },
        { key: project, limit: L.bundlerCallsPerProject, cost: 1 },
      ])
    },
    forcedRefresh: (ip) =>
      hitRateLimit({ db, now }, [
        { key: `refresh-ip:${ip}`, limit: L.forcedRefreshesPerClient, windowMs: MINUTE },
      ]),
    close: () => hot.close(),
  }
}
