import { expect } from '@playwright/test'
import { STACK_ENV } from './sites.ts'

type Mail = { subject: string; text: string; to: { address: string }[] }

/** The local SMTP catcher's mailbox (MailDev's REST API), read as the user reads their mail. */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 10_000): Promise<Mail> {
  let found: Mail | undefined
  await expect
    .poll(
      async () => {
        const res = await fetch(`http://127.0.0.1:${STACK_ENV.MAILDEV_WEB_PORT}/api/email`)
        const mails = (await res.json()) as Mail[]
        found = mails.find((m) => m.to.some((t) => t.address === to) && subject.test(m.subject))
        return found !== undefined
      },
      { timeout: timeoutMs, message: `a mail to ${to} matching ${subject}` },
    )
    .toBe(true)
  return found!
}
