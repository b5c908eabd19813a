import { CACHE_TTL_MS } from '@modalkit/shared'
import type { ApiClient } from './createApiClient.ts'
import { createTimedCache } from './createTimedCache.ts'

export type CachedReads = Pick<
  ApiClient,
  'getBalances' | 'getIdentity' | 'resolveProfileName' | 'registerName'
>

/**
 * SPEC §9 cache lifetimes on the API's reads that every open repeats: token balances 30 s (after a
 * failure, no new read for 30 s: the retry guard), identity 5 min, names (ENS) 5 min. A balance read
 * with `forceUpdate` (after the user's own transaction) always goes out; another account, chain or
 * currency is another key. After a registration, the account's identity and every name are read anew.
 */
export function withReadCaches<T extends CachedReads>(api: T, now: () => number = Date.now): T {
  const balances = createTimedCache<Awaited<ReturnType<ApiClient['getBalances']>>>({
    ttlMs: CACHE_TTL_MS.portfolio,
    failureTtlMs: CACHE_TTL_MS.tokenBalanceRetryGuard,
    now,
  })
  const identities = createTimedCache<Awaited<ReturnType<ApiClient['getIdentity']>>>({
    ttlMs: CACHE_TTL_MS.identity,
    now,
  })
  const names = createTimedCache<Awaited<ReturnType<ApiClient['resolveProfileName']>>>({
    ttlMs: CACHE_TTL_MS.ens,
    now,
  })
  return {
    ...api,
    getBalances: (projectId, query) =>
      balances.get(
        `${projectId}|${query.chainId}|${query.address.toLowerCase()}|${query.currency ?? 'usd'}`,
        () => api.getBalances(projectId, query),
        query.forceUpdate === true,
      ),
    getIdentity: (projectId, address) =>
      identities.get(`${projectId}|${address.toLowerCase()}`, () => api.getIdentity(projectId, address)),
    resolveProfileName: (projectId, name) =>
      names.get(`${projectId}|${name.toLowerCase()}`, () => api.resolveProfileName(projectId, name)),
    async registerName(projectId, body) {
      await api.registerName(projectId, body)
      identities.forget(`${projectId}|${body.address.toLowerCase()}`)
      names.clear()
    },
  }
}
