import { randomUUID } from 'node:crypto'
import { expect, type Page, test } from '@playwright/test'
import { saveRecoveryText } from './embeddedLogin.ts'
import { gotoReady, modal } from './helpers.ts'
import { mailIds, waitForMail } from './mailbox.ts'

// Runs in the `storage-partitioned` project (playwright.config.ts): Chromium as real Chrome ships,
// where a cross-site frame keeps storage partitioned by the site it is embedded in.

const secureFrame = (page: Page) => modal(page).frameLocator('iframe[data-testid="auth-frame"]')
const connected = (page: Page) => page.evaluate(() => window.appkit.getAccount('eip155').isConnected)

async function submitEmail(page: Page, email: string): Promise<Set<string>> {
  await page.getByTestId('connect-button').click()
  const m = modal(page)
  await m.getByTestId('email-input').fill(email)
  const seen = await mailIds()
  await m.getByTestId('email-submit').click()
  return seen
}

async function enterCode(page: Page, email: string, seen: Set<string>): Promise<void> {
  const m = modal(page)
  await expect(m.getByTestId('otp-input')).toBeVisible({ timeout: 15_000 })
  const code = /code is (\d{6})\b/.exec((await waitForMail(email, /Your login code/, seen)).text)?.[1]
  await m.getByTestId('otp-input').fill(code!)
  await m.getByTestId('otp-submit').click()
}

test('the embedded wallet stays logged in across a reload; on the same device a new login needs only the code and opens the same wallet', async ({
  page,
}) => {
  const email = `e2e-${randomUUID().slice(0, 8)}@example.test`
  await gotoReady(page)
  // First login on this device: the approval link, the code, the new wallet's recovery text.
  const seen = await submitEmail(page, email)
  const approval = await waitForMail(email, /Approve a new device/, seen)
  const link = /https?:\/\/\S+\/v1\/auth\/device\/approve#token=[-_A-Za-z0-9]+/.exec(approval.text)?.[0]
  const mailTab = await page.context().newPage()
  await mailTab.goto(link!)
  await mailTab.getByRole('button', { name: 'Approve this device' }).click()
  await expect(mailTab.locator('body')).toContainText(/Device approved/)
  await mailTab.close()
  await enterCode(page, email, seen)
  await saveRecoveryText(page)
  await expect.poll(() => connected(page), { timeout: 20_000 }).toBe(true)
  const address = await page.evaluate(() => window.appkit.getAccount('eip155').address)

  // A reload: the frame's session (its own storage, a bearer token) and the modal's flag survive.
  await gotoReady(page)
  await expect.poll(() => connected(page), { timeout: 15_000 }).toBe(true)
  expect(await page.evaluate(() => window.appkit.getAccount('eip155').address)).toBe(address)

  // Log out, then in again: this device is approved and holds its share (IndexedDB, wrapped by a
  // non-extractable key), so only the code is asked for and no recovery text is needed.
  await page.evaluate(() => window.appkit.disconnect())
  expect(await connected(page)).toBe(false)
  const again = await submitEmail(page, email)
  await enterCode(page, email, again)
  await expect.poll(() => connected(page), { timeout: 20_000 }).toBe(true)
  expect(await page.evaluate(() => window.appkit.getAccount('eip155').address)).toBe(address)
  await expect(secureFrame(page).getByTestId('recovery-text')).toHaveCount(0)
})
