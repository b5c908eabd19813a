import { randomUUID } from 'node:crypto'
import type { Address } from 'viem'
import { createSession } from '../src/auth/sessions.ts'
import type { Db } from '../src/db/Db.ts'

/**
 * A logged-in embedded wallet whose EVM key is `owner`: a user, the auth share row that names the
 * wallet's addresses (its ciphertext is not read here), and a session. Resolves with the
 * `Authorization` header value the secure frame sends.
 */
export async function loginEmbeddedWallet(db: Db, owner: Address, now = Date.now()): Promise<string> {
  const userId = randomUUID()
  await db.query('insert into users (id, email, created_at) values ($1, $2, $3)', [
    userId,
    `${userId}@wallet.test`,
    now,
  ])
  await db.query(
    `insert into auth_shares (user_id, ciphertext, eip155_address, solana_address, created_at, updated_at)
     values ($1, 'unused', $2, 'unused', $3, $3)`,
    [userId, owner, now],
  )
  const token = await createSession(db.query, { userId, deviceId: randomUUID(), now })
  return `Bearer ${token}`
}
