import nodemailer from 'nodemailer'
import type { SmtpOptions } from './parseSmtpUrl.ts'

export type Mail = { to: string; subject: string; text: string }
export type Mailer = { send(mail: Mail): Promise<void> }

export type CreateMailerParameters = { smtp?: SmtpOptions; from?: string }

/** The local catcher's plain SMTP on loopback: the default in dev and tests. */
const LOCAL_CATCHER: SmtpOptions = {
  host: '127.0.0.1',
  port: 1025,
  secure: false,
  requireTLS: false,
  ignoreTLS: true,
}

/**
 * Sends plain-text mail over SMTP (parseSmtpUrl says how: TLS, STARTTLS required, or plain on
 * loopback). Certificates are verified (nodemailer's default); nothing is retried in the clear.
 */
export function createMailer({
  smtp = LOCAL_CATCHER,
  from = 'Modalkit <login@modalkit.localhost>',
}: CreateMailerParameters = {}): Mailer {
  const transport = nodemailer.createTransport(smtp)
  return {
    async send({ to, subject, text }) {
      await transport.sendMail({ from, to, subject, text })
    },
  }
}
