import { describe, expect, it } from 'vitest'
import { startMailCatcher } from '../../test/startMailCatcher.ts'
import { createMailer } from './createMailer.ts'
import { parseSmtpUrl } from './parseSmtpUrl.ts'

const prod = { production: true }

describe('parseSmtpUrl', () => {
  it('reads TLS, STARTTLS and credentials from SMTP_URL', () => {
    expect(parseSmtpUrl('smtps://login%40shop:p%3Ass@mail.example:465', prod)).toEqual({
      host: 'mail.example',
      port: 465,
      secure: true,
      requireTLS: false,
      ignoreTLS: false,
      auth: { user: 'login@shop', pass: 'p:ss' },
    })
    expect(parseSmtpUrl('smtp://u:p@mail.example?starttls', prod)).toMatchObject({
      port: 587,
      secure: false,
      requireTLS: true,
      ignoreTLS: false,
    })
    expect(parseSmtpUrl('smtp://127.0.0.1:1025', prod)).toMatchObject({ ignoreTLS: true, secure: false })
    expect(parseSmtpUrl('smtp://localhost:1025', prod).auth).toBeUndefined()
  })
  it('refuses plain SMTP to a host off loopback in production, without repeating the password', () => {
    let message = ''
    try {
      parseSmtpUrl('smtp://user:hunter2-secret@mail.example:25', prod)
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).toBe('SMTP_URL sends plain SMTP to mail.example, not loopback: use smtps:// or ?starttls')
    expect(() => parseSmtpUrl('http://mail.example', prod)).toThrow(/smtps:\/\/ or smtp:\/\//)
    expect(parseSmtpUrl('smtp://mail.example:25', { production: false }).ignoreTLS).toBe(true)
  })
  it('sends to the local catcher in plain, and never downgrades when STARTTLS is required', async () => {
    const catcher = await startMailCatcher()
    try {
      const port = catcher.smtpPort
      const mail = { to: 'a@example.test', subject: 'hello', text: 'body' }
      const plain = createMailer({ smtp: parseSmtpUrl(`smtp://127.0.0.1:${port}`, prod) })
      await plain.send(mail)
      plain.close?.()
      // STARTTLS required: the catcher's upgrade uses MailDev's bundled (expired, self-signed)
      // certificate, which is verified and refused: the mail is not sent, in TLS or in the clear.
      const strict = createMailer({ smtp: parseSmtpUrl(`smtp://u:p@127.0.0.1:${port}?starttls`, prod) })
      await expect(strict.send(mail)).rejects.toThrow(/certificate|STARTTLS/)
      strict.close?.()
      const inbox = (await (await fetch(`${catcher.apiUrl}/api/email`)).json()) as unknown[]
      expect(inbox).toHaveLength(1)
    } finally {
      await catcher.stop()
    }
  }, 30_000)
})
