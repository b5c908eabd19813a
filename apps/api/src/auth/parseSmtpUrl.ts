import { isIP } from 'node:net'

/** What nodemailer's SMTP transport needs from SMTP_URL. */
export type SmtpOptions = {
  host: string
  port: number
  /** Implicit TLS from the first byte (smtps, port 465). */
  secure: boolean
  /** STARTTLS required: the mail is not sent if the server does not upgrade (no silent downgrade). */
  requireTLS: boolean
  /** Plain SMTP without TLS: the local catcher only. */
  ignoreTLS: boolean
  auth?: { user: string; pass: string }
}

const isLoopback = (host: string) =>
  host === 'localhost' || host === '[::1]' || host === '::1' || (isIP(host) === 4 && host.startsWith('127.'))

/**
 * SMTP_URL: `smtps://user:pass@host:465` (TLS), `smtp://user:pass@host:587?starttls` (STARTTLS
 * required), or `smtp://127.0.0.1:1025` (plain, for the local catcher on loopback). Plain SMTP to
 * another host would send codes and links in the clear: refused in production, warned about
 * elsewhere. Errors never repeat the URL, which holds the password.
 */
export function parseSmtpUrl(text: string, { production }: { production: boolean }): SmtpOptions {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw new Error('SMTP_URL is not a URL (smtps://user:pass@host:465 or smtp://host:587?starttls)')
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    throw new Error('SMTP_URL must start with smtps:// or smtp://')
  const secure = url.protocol === 'smtps:'
  const starttls = url.searchParams.has('starttls')
  const host = url.hostname
  if (!host) throw new Error('SMTP_URL names no host')
  if (!secure && !starttls && !isLoopback(host)) {
    const why = `SMTP_URL sends plain SMTP to ${host}, not loopback: use smtps:// or ?starttls`
    if (production) throw new Error(why)
    console.warn(`[api] ${why} (allowed outside production only)`)
  }
  const user = decodeURIComponent(url.username)
  return {
    host: host.replace(/^\[|\]$/g, ''),
    port: Number(url.port || (secure ? 465 : starttls ? 587 : 25)),
    secure,
    requireTLS: starttls,
    ignoreTLS: !secure && !starttls,
    ...(user ? { auth: { user, pass: decodeURIComponent(url.password) } } : {}),
  }
}
