import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MailDev } from 'maildev'

export type MailCatcher = {
  /** The catcher's SMTP port on 127.0.0.1. */
  smtpPort: number
  /** Its REST API (`/api/email`). */
  apiUrl: string
  stop(): Promise<void>
}

/**
 * A real SMTP catcher (MailDev) on free loopback ports, with its own mail folder: test files run in
 * parallel, each with its own catcher. `stop` ends it and removes the folder.
 */
export async function startMailCatcher(): Promise<MailCatcher> {
  const mailDirectory = mkdtempSync(join(tmpdir(), 'modalkit-mail-'))
  const maildev = new MailDev({
    smtp: 0,
    web: 0,
    ip: '127.0.0.1',
    webIp: '127.0.0.1',
    silent: true,
    mailDirectory,
  })
  const servers = await maildev.start()
  return {
    smtpPort: servers.smtp.getPort(),
    apiUrl: `http://127.0.0.1:${servers.api?.getPort()}`,
    async stop() {
      await maildev.stop()
      rmSync(mailDirectory, { recursive: true, force: true })
    },
  }
}
