import { randomUUID } from 'node:crypto'
import type { AuthUser } from '@modalkit/protocol'
import type { Query } from '../db/Db.ts'

type UserRow = {
  id: string
  email: string | null
  social_email: string | null
  eip155_address: string | null
  solana_address: string | null
}

/** The user as the frame sees it; a social-only account shows the provider's e-mail. */
export async function loadAuthUser(query: Query, userId: string): Promise<AuthUser> {
  const [row] = await query<UserRow>(
    `select u.id, u.email, s.eip155_address, s.solana_address,
       (select i.email from social_identities i where i.user_id = u.id order by i.provider limit 1) as social_email
     from users u left join auth_shares s on s.user_id = u.id where u.id = $1`,
    [userId],
  )
  if (!row) throw new Error(`user ${userId} vanished`)
  return {
    userId: row.id,
    email: row.email ?? row.social_email,
    addresses:
      row.eip155_address && row.solana_address
        ? { eip155: row.eip155_address, solana: row.solana_address }
        : null,
  }
}

export async function findUserIdByEmail(query: Query, email: string): Promise<string | undefined> {
  const [row] = await query<{ id: string }>('select id from users where email = $1', [email])
  return row?.id
}

/** The user owning `email`, created if none does (an e-mail proven by a code). */
export async function ensureUserByEmail(
  query: Query,
  email: string | null,
  now: number,
): Promise<{ userId: string; isNewUser: boolean }> {
  const existing = email ? await findUserIdByEmail(query, email) : undefined
  if (existing) return { userId: existing, isNewUser: false }
  const id = randomUUID()
  await query('insert into users (id, email, created_at) values ($1, $2, $3)', [id, email, now])
  return { userId: id, isNewUser: true }
}

export async function approveDevice(
  query: Query,
  userId: string,
  deviceId: string,
  now: number,
): Promise<void> {
  await query(
    `insert into approved_devices (user_id, device_id, approved_at) values ($1, $2, $3)
     on conflict (user_id, device_id) do nothing`,
    [userId, deviceId, now],
  )
}

/** `deviceIds`: the stored forms to look for (hashDeviceId / deviceIdHashes), never a raw id. */
export async function isDeviceApproved(
  query: Query,
  userId: string,
  deviceIds: string | readonly string[],
): Promise<boolean> {
  const rows = await query('select 1 from approved_devices where user_id = $1 and device_id = any($2)', [
    userId,
    typeof deviceIds === 'string' ? [deviceIds] : [...deviceIds],
  ])
  return rows.length > 0
}
