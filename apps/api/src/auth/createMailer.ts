import nodemailer from 'nodemailer'

export type Mail = { to: string; subject: string; text: string }
export type Mailer = { send(mail: Mail): Promise<void> }

export type CreateMailerParameters = { host?: string; port?: number; from?: string }

/** Sends plain-text mail over SMTP: the local catcher in dev and tests, a provider in production. */
export function createMailer({
  host = '127.0.0.1',
  port = 1025,
  from = 'Modalkit <login@modalkit.localhost>',
}: CreateMailerParameters = {}): Mailer {
  // The local catcher speaks plain SMTP; production sets its own relay (with TLS) here.
  const transport = nodemailer.createTransport({ host, port, secure: false, ignoreTLS: true })
  return {
    async send({ to, subject, text }) {
      await transport.sendMail({ from, to, subject, text })
    },
  }
}
