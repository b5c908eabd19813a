import type { IncomingMessage } from 'node:http'
import type { Query } from '../db/Db.ts'
import type { AuthDeps } from './AuthDeps.ts'
import { SESSION_TTL_MS } from './AuthDeps.ts'
import { authError } from './authErrors.ts'
import { hashToken, randomToken } from './randomToken.ts'

export type Session = { tokenHash: string; userId: string; deviceId: string; createdAt: number }

/** A 256-bit bearer token bound to user and device; only its hash is stored. */
export async function createSession(
  query: Query,
  { userId, deviceId, now }: { userId: string; deviceId: string; now: number },
): Promise<string> {
  const token = randomToken(32)
  await query(
    'insert into sessions (token_hash, user_id, device_id, created_at, expires_at) values ($1, $2, $3, $4, $5)',
    [hashToken(token), userId, deviceId, now, now + SESSION_TTL_MS],
  )
  return token
}

/** The session of `Authorization: Bearer …`, or 401 'Session Expired' (missing, unknown, expired, revoked). */
export async function requireSession(
  { db, now }: Pick<AuthDeps, 'db' | 'now'>,
  req: IncomingMessage,
): Promise<Session> {
  const token = /^Bearer ([-_A-Za-z0-9]{16,128})$/.exec(req.headers.authorization ?? '')?.[1]
  if (!token) throw authError('session_expired', 'header.authorization')
  const [row] = await db.query<{
    token_hash: string
    user_id: string
    device_id: string
    created_at: string
  }>(
    `select token_hash, user_id, device_id, created_at from sessions
     where token_hash = $1 and revoked_at is null and expires_at > $2`,
    [hashToken(token), now()],
  )
  if (!row) throw authError('session_expired', 'header.authorization')
  return {
    tokenHash: row.token_hash,
    userId: row.user_id,
    deviceId: row.device_id,
    createdAt: Number(row.created_at),
  }
}

export async function revokeSession({ db, now }: AuthDeps, session: Session): Promise<void> {
  await db.query('update sessions set revoked_at = $2 where token_hash = $1 and revoked_at is null', [
    session.tokenHash,
    now(),
  ])
}
