import nodemailer from 'nodemailer'
import type { SmtpOptions } from './parseSmtpUrl.ts'

export type Mail = { to: string; subject: string; text: string }
export type Mailer = {
  /** Resolves once the server accepted the mail; `signal` gives up on it (queued or on the wire). */
  send(mail: Mail, signal?: AbortSignal): Promise<void>
  /** Closes idle connections now and busy ones once their mail is through; no send after it. */
  close?(): void
}

export type CreateMailerParameters = { smtp?: SmtpOptions; from?: string }

/** The local catcher's plain SMTP on loopback: the default in dev and tests. */
const LOCAL_CATCHER: SmtpOptions = {
  host: '127.0.0.1',
  port: 1025,
  secure: false,
  requireTLS: false,
  ignoreTLS: true,
}

/** SMTP connections kept open per process: each carries up to 100 mails before it is renewed. */
export const SMTP_CONNECTIONS = 8

/**
 * Sends plain-text mail over SMTP (parseSmtpUrl says how: TLS, STARTTLS required, or plain on
 * loopback). Certificates are verified (nodemailer's default); nothing is retried in the clear.
 * Connections are pooled (a new one per mail costs a TCP and TLS handshake and the greeting: here it
 * made sending five times slower) and closed after 30 s idle. A server that does not answer fails
 * the send within seconds (nodemailer waits minutes by default), well inside the mail worker's
 * lease on the row (startMailWorker).
 */
export function createMailer({
  smtp = LOCAL_CATCHER,
  from = 'Modalkit <login@modalkit.localhost>',
}: CreateMailerParameters = {}): Mailer {
  const transport = nodemailer.createTransport({
    ...smtp,
    pool: true,
    maxConnections: SMTP_CONNECTIONS,
    maxMessages: 100,
    idleTimeout: 30_000,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 15_000,
  })
  return {
    async send({ to, subject, text }, signal) {
      await transport.sendMail({ from, to, subject, text, ...(signal ? { signal } : {}) })
    },
    close: () => transport.close(),
  }
}
