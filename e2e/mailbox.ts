import { expect } from '@playwright/test'
import { STACK_ENV } from './sites.ts'

type Mail = { id: string; subject: string; text: string; to: { address: string }[] }

/**
 * The mails in the catcher, or only those to `to`: a whole run's mailbox grows to hundreds of mails,
 * and a wait reads it ten times a second, so a wait asks MailDev for its recipient's alone.
 */
async function mailbox(to?: string): Promise<Mail[]> {
  // The bench's stack (ports shifted) names its own in a variable of its own; the suite's is STACK_ENV's.
  const port = process.env.BENCH_MAILDEV_WEB_PORT || STACK_ENV.MAILDEV_WEB_PORT
  const query = to === undefined ? '' : `?${new URLSearchParams({ 'to.address': to })}`
  const res = await fetch(`http://127.0.0.1:${port}/api/email${query}`)
  return (await res.json()) as Mail[]
}

/** The ids of the mails already in the mailbox, so a later wait finds only new ones. */
export async function mailIds(): Promise<Set<string>> {
  return new Set((await mailbox()).map((m) => m.id))
}

/**
 * The local SMTP catcher's mailbox (MailDev's REST API), read as the user reads their mail: a mail
 * to `to` matching `subject` that is not among `seen`.
 */
export async function waitForMail(
  to: string,
  subject: RegExp,
  seen: ReadonlySet<string> = new Set(),
  timeoutMs = 10_000,
): Promise<Mail> {
  let found: Mail | undefined
  await expect
    .poll(
      async () => {
        found = (await mailbox(to)).find(
          (m) => !seen.has(m.id) && m.to.some((t) => t.address === to) && subject.test(m.subject),
        )
        return found !== undefined
      },
      // Every 100 ms: the default rounds grow to one a second, which a login (two mails) paid twice.
      { timeout: timeoutMs, intervals: [100], message: `a mail to ${to} matching ${subject}` },
    )
    .toBe(true)
  return found!
}
