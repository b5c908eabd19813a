import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import type { Query } from '../db/Db.ts'
import type { AuthDeps } from './AuthDeps.ts'
import type { AuthKeys } from './authKeys.ts'
import type { Mail } from './createMailer.ts'
import { randomToken } from './randomToken.ts'

/** `v1.<kid>.<base64>`: the key id names the AUTH_SECRET that sealed it, so the secret can rotate. */
const SEALED = /^v1\.([-_A-Za-z0-9]+)\.([A-Za-z0-9+/=]+)$/

/** The row id as associated data: a sealed mail moved to another row fails to open. */
const aad = (id: string) => Buffer.from(`mail-outbox\0${id}`)

/**
 * A mail at rest in the outbox: it carries a one-time code or a device-approval link, which the
 * database otherwise holds only hashed, and an address. Recipient, subject and text are sealed
 * together with AES-256-GCM under the key derived from the current AUTH_SECRET (`keys.mail`), a fresh
 * 96-bit IV each time; stored as `v1.<kid>.` + base64 of iv ‖ tag ‖ ciphertext, as auth shares are.
 */
export function sealMail(keys: AuthKeys, id: string, mail: Mail): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', keys.mail, iv)
  cipher.setAAD(aad(id))
  const plain = JSON.stringify({ to: mail.to, subject: mail.subject, text: mail.text })
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return `v1.${keys.kid}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`
}

/** Opens a sealed mail with the key its kid names: the current secret's or a previous one's. */
export function openMail(keys: AuthKeys, id: string, sealed: string): Mail {
  const match = SEALED.exec(sealed)
  if (!match) throw new Error('outbox mail is not sealed as v1')
  const set = [keys, ...keys.previous].find((s) => s.kid === match[1])
  if (!set) throw new Error('outbox mail sealed with an unknown key id (AUTH_SECRETS_PREVIOUS?)')
  const raw = Buffer.from(match[2]!, 'base64')
  const decipher = createDecipheriv('aes-256-gcm', set.mail, raw.subarray(0, 12))
  decipher.setAAD(aad(id))
  decipher.setAuthTag(raw.subarray(12, 28))
  const plain = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')
  const { to, subject, text } = JSON.parse(plain) as Mail
  return { to, subject, text }
}

/** Writes one mail to the outbox, due now, in the caller's transaction (`query`). */
export async function enqueueMail(
  query: Query,
  { keys, now }: Pick<AuthDeps, 'keys' | 'now'>,
  mail: Mail,
): Promise<void> {
  const id = randomToken(16)
  const at = now()
  await query('insert into mail_outbox (id, sealed, created_at, next_attempt_at) values ($1, $2, $3, $3)', [
    id,
    sealMail(keys, id, mail),
    at,
  ])
}

/**
 * Runs `work` in one transaction in which `mail` queues mails: they are committed with the rows
 * they belong to, or not at all. After the commit this process's worker is woken, so the mails
 * leave at once instead of at its next poll; the request never waits for SMTP.
 */
export async function withMail<T>(
  deps: Pick<AuthDeps, 'db' | 'keys' | 'now' | 'wakeMailWorker'>,
  work: (query: Query, mail: (mail: Mail) => Promise<void>) => Promise<T>,
): Promise<T> {
  let queued = 0
  const result = await deps.db.transaction((query) =>
    work(query, async (mail) => {
      await enqueueMail(query, deps, mail)
      queued++
    }),
  )
  if (queued > 0) deps.wakeMailWorker?.()
  return result
}
