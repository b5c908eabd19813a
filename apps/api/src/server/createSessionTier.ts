import type { IncomingMessage } from 'node:http'
import { hashToken } from '../auth/randomToken.ts'
import type { Db } from '../db/Db.ts'

/** How long a session found (or not found) is taken as known without asking the database again. */
const KNOWN_MS = 30_000
/** Sessions kept known at once; the oldest is forgotten first. */
const MAX_KNOWN = 10_000

export type SessionTier = {
  /**
   * The user whose live session the request's `Authorization: Bearer …` carries, or undefined (no
   * header, a malformed, unknown, expired or revoked token). `lookup` runs only when the token is
   * not known yet: the caller counts it in a bucket of its own first, so random tokens cannot turn
   * every proxied call into a database read.
   */
  userOf(req: IncomingMessage, lookup: () => Promise<void>): Promise<string | undefined>
}

/**
 * The secure frame's chain reads carry its session: a logged-in user's reads count in a bucket of
 * their own above the anonymous one, so a flood from the same address (a shared NAT, an attacker
 * beside them) or a crowded project does not stop their approvals from reading nonces and fees.
 * A token's answer is kept 30 s: a revoked session keeps its tier at most that long.
 */
export function createSessionTier({ db, now }: { db: Db; now: () => number }): SessionTier {
  const known = new Map<string, { userId: string | undefined; until: number }>()

  return {
    async userOf(req, lookup) {
      const token = /^Bearer ([-_A-Za-z0-9]{16,128})$/.exec(req.headers.authorization ?? '')?.[1]
      if (!token) return undefined
      const hash = hashToken(token)
      const at = now()
      const hit = known.get(hash)
      if (hit && hit.until > at) return hit.userId
      await lookup()
      const [row] = await db.query<{ user_id: string }>(
        'select user_id from sessions where token_hash = $1 and revoked_at is null and expires_at > $2',
        [hash, at],
      )
      known.delete(hash)
      if (known.size >= MAX_KNOWN) known.delete(known.keys().next().value as string)
      known.set(hash, { userId: row?.user_id, until: at + KNOWN_MS })
      return row?.user_id
    },
  }
}
