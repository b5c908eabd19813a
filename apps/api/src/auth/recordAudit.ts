import type { Query } from '../db/Db.ts'

export type AuditAction = 'share_set' | 'share_replace' | 'share_release'

/** One row per custody event of an auth share (SECURITY.md: audit log against insiders). */
export async function recordAudit(
  query: Query,
  entry: { at: number; userId: string; action: AuditAction; deviceId: string; ip: string },
): Promise<void> {
  await query('insert into auth_audit (at, user_id, action, device_id, ip) values ($1, $2, $3, $4, $5)', [
    entry.at,
    entry.userId,
    entry.action,
    entry.deviceId,
    entry.ip,
  ])
}
