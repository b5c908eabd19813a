import type { ProjectConfig } from '@modalkit/protocol'
import type { Db } from '../db/Db.ts'
import { getProject } from './projects.ts'

/** How long the chain proxy trusts a project it read (its allowlist and features). */
export const PROJECT_CACHE_MS = 2_000

/**
 * Projects for the chain proxy's hot path, read from the database at most every 2 s per project:
 * a proxied read must not wait on a query. An allowlist change (the CLI) reaches the proxy within
 * that time; the other routes read the database each time.
 */
export function createProjectCache(db: Db, now: () => number = Date.now) {
  const cache = new Map<string, { at: number; project: Promise<ProjectConfig | undefined> }>()
  return (id: string): Promise<ProjectConfig | undefined> => {
    const hit = cache.get(id)
    if (hit && now() - hit.at < PROJECT_CACHE_MS) return hit.project
    const project = getProject(db, id)
    cache.set(id, { at: now(), project })
    // A failed read is not remembered; nor is the cache allowed to grow with unknown ids.
    project.catch(() => cache.delete(id))
    if (cache.size > 10_000) cache.delete(cache.keys().next().value as string)
    return project
  }
}
