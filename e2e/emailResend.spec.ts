import { randomUUID } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { approveDeviceAndReadCode, saveRecoveryText } from './embeddedLogin.ts'
import { gotoReady, modal } from './helpers.ts'
import { mailIds } from './mailbox.ts'

/**
 * The e-mail login's "Resend code" (its timer is announced, not only drawn): usable 30 s
 * after the last mail, as SPEC §5's cooldown allows, it starts the login again, as AppKit's does; the
 * new code logs in and the earlier one no longer does. Waits out the real 30 s: the modal's clock is
 * the browser's own.
 */
test('Resend code: waits 30 s (announced), mails a new code, and only the new code logs in', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const email = `resend-${randomUUID().slice(0, 8)}@example.test`
  await gotoReady(page)
  await page.getByTestId('connect-button').click()
  const m = modal(page)
  const resend = m.getByTestId('email-resend')
  const status = m.getByTestId('email-resend-status')
  await m.getByTestId('email-input').fill(email)
  const seenFirst = await mailIds()
  await m.getByTestId('email-submit').click()
  // While the device waits, within the 30 s: the seconds drawn beside the button, the wait said once
  // in the live region (mounted with the view, so its words are announced).
  await expect(resend).toBeDisabled({ timeout: 15_000 })
  await expect(resend).toContainText(/^Resend link \(\d{1,2} s\)$/)
  await expect(status).toHaveText(/^You can ask for a new one in \d{1,2} seconds\.$/)
  await expect(status).toHaveAttribute('aria-live', 'polite')
  const oldCode = await approveDeviceAndReadCode(page, email, seenFirst)
  await expect(m.getByTestId('otp-input')).toBeVisible()
  // Then usable, and said so.
  await expect(resend).toBeEnabled({ timeout: 35_000 })
  await expect(resend).toHaveText('Resend code')
  await expect(status).toHaveText('You can ask for a new one now.')

  const seen = await mailIds()
  await resend.click()
  // A new login request: this address has no account yet, so its device is approved again (the API
  // tells no one whether an address has an account), then the new code comes.
  await expect(m.getByTestId('email-resend')).toHaveText(/^Resend link/, { timeout: 15_000 })
  const newCode = await approveDeviceAndReadCode(page, email, seen)
  await expect(m.getByTestId('otp-hint')).toHaveText(
    `We sent a new code to ${email}. Earlier codes no longer work.`,
  )
  // The wait starts again.
  await expect(resend).toBeDisabled()

  if (oldCode !== newCode) {
    await m.getByTestId('otp-input').fill(oldCode)
    await m.getByTestId('otp-submit').click()
    await expect(m.getByTestId('email-flow-error')).toBeVisible({ timeout: 15_000 })
    expect(await page.evaluate(() => window.appkit.getAccount('eip155').isConnected)).toBe(false)
  }
  await m.getByTestId('otp-input').fill(newCode)
  await m.getByTestId('otp-submit').click()
  await saveRecoveryText(page)
  await expect
    .poll(() => page.evaluate(() => window.appkit.getAccount('eip155').isConnected), { timeout: 20_000 })
    .toBe(true)
})
