import { randomUUID } from 'node:crypto'
import { expect, type Page, test } from '@playwright/test'
import { verifyMessage } from 'ethers'
import {
  approveInApprovalWindow,
  openRecoveryWindow,
  requestLoginCode,
  requestPendingSignature,
  restAndClick,
  secureFrame,
  secureFrameSettled,
  withoutVisibilityTracking,
} from './embeddedLogin.ts'
import { gotoReady, modal } from './helpers.ts'
import { addDecoy, type Box, center, lingerAndClick } from './lure.ts'
import { SITES } from './sites.ts'

/**
 * The new wallet's recovery text (SECURITY.md, clickjacking), with the HOST PAGE as the attacker:
 * (a) where the browser cannot tell whether the secure frame is seen (no IntersectionObserver v2:
 * Firefox, Safari), the site could redraw the frame's screen pixel for pixel, so the text never
 * enters the frame inside the site's page: it is shown and typed back in a window of the secure
 * origin; (b) where it can, Copy is armed like "I saved it", so a click lured onto it through a
 * near-transparent modal puts nothing in the clipboard.
 */
test.describe.configure({ timeout: 150_000 })

/** The clipboard's content before any copy: what must still be there after the lured click. */
const UNTOUCHED = 'nothing copied yet'

/** A new e-mail login up to the recovery screen (the wallet is made; its text not yet confirmed). */
async function newWalletUntilRecovery(page: Page): Promise<void> {
  await gotoReady(page)
  const code = await requestLoginCode(page, `e2e-${randomUUID().slice(0, 8)}@example.test`)
  await modal(page).getByTestId('otp-input').fill(code)
  await modal(page).getByTestId('otp-submit').click()
}

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText())

test('(a) without IntersectionObserver v2 the recovery text never enters the frame in the site page; the window on the secure origin shows it, a wrong text stays, a closed window is said, and the typed-back text finishes the login', async ({
  page,
}) => {
  await withoutVisibilityTracking(page.context())
  await newWalletUntilRecovery(page)
  const frame = secureFrame(page)
  await expect(frame.getByTestId('recovery-open-window')).toBeVisible({ timeout: 20_000 })
  await expect(frame.getByTestId('recovery-window-note')).toContainText('separate window')

  // Closed without confirming: the frame says so and offers the button again.
  const first = await openRecoveryWindow(page)
  const text = (await first.getByTestId('recovery-text').textContent()) ?? ''
  expect(text).toMatch(/^mkr1-[-_A-Za-z0-9]+$/)
  await first.close()
  await expect(frame.getByTestId('recovery-window-note')).toContainText('closed before you confirmed')
  await expect(frame.getByTestId('recovery-open-window')).toBeVisible()
  expect(await page.evaluate(() => window.appkit.getAccount('eip155').isConnected)).toBe(false)

  // No frame of the site's page, the secure frame included, ever holds the text.
  for (const each of page.frames()) {
    expect(await each.locator('[data-testid="recovery-text"]').count()).toBe(0)
    expect(await each.evaluate(() => document.documentElement.outerHTML)).not.toContain(text)
  }

  // The window (its own address bar, its own origin, the secure frame's strict CSP) shows the same
  // text; a wrong text typed back: it says so and stays.
  const served = page
    .context()
    .waitForEvent('response', (r) => r.url().startsWith(`${SITES.auth}/recovery.html`))
  const popup = await openRecoveryWindow(page)
  const csp = (await served).headers()['content-security-policy']
  expect(csp).toContain("script-src 'self'")
  expect(csp).toContain("object-src 'none'")
  await expect(popup.getByTestId('recovery-text')).toHaveText(text)
  await popup.getByTestId('recovery-confirm-input').fill(`${text}x`)
  await restAndClick(popup.getByTestId('recovery-done'))
  await expect(popup.getByTestId('recovery-error')).toContainText('not the recovery text')
  expect(popup.isClosed()).toBe(false)

  // The honest path: the right text, the window closes, the login finishes, the wallet signs.
  await popup.getByTestId('recovery-confirm-input').fill(text)
  const closed = popup.waitForEvent('close')
  const done = popup.getByTestId('recovery-done')
  await done.hover()
  await page.waitForTimeout(100)
  await popup.mouse.move(5, 5)
  await done.hover()
  await expect(done).toBeEnabled({ timeout: 10_000 })
  await done.click({ noWaitAfter: true }).catch((error: unknown) => {
    if (!popup.isClosed()) throw error
  })
  await closed
  await expect(frame.getByTestId('recovery')).toHaveCount(0)
  await expect
    .poll(() => page.evaluate(() => window.appkit.getAccount('eip155').isConnected), { timeout: 20_000 })
    .toBe(true)
  const address = (await page.evaluate(() => window.appkit.getAccount('eip155').address))!
  const message = `Signed after the recovery window ${randomUUID().slice(0, 8)}`
  await requestPendingSignature(page, message, address)
  await approveInApprovalWindow(page, message)
  await expect.poll(() => page.evaluate(() => window.__request)).toHaveProperty('signature')
  const { signature } = (await page.evaluate(() => window.__request)) as { signature: string }
  expect(verifyMessage(message, signature)).toBe(address)
})

test('(b) the host page lures a click onto Copy through the modal at opacity 0.01: the clipboard gets nothing; the honest Copy copies', async ({
  page,
}) => {
  for (const origin of [SITES.host, SITES.modal, SITES.auth])
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin })
  await newWalletUntilRecovery(page)
  const frame = secureFrame(page)
  await expect(frame.getByTestId('recovery-text')).toBeVisible({ timeout: 20_000 })
  const text = (await frame.getByTestId('recovery-text').textContent()) ?? ''
  await page.evaluate((value) => navigator.clipboard.writeText(value), UNTOUCHED)
  expect(await clipboard(page)).toBe(UNTOUCHED)
  await secureFrameSettled(page)
  const copy = frame.getByTestId('recovery-copy')
  const target = (await copy.boundingBox()) as Box
  const style = await page.evaluate(() => {
    const iframe = document.querySelector<HTMLIFrameElement>('iframe[data-appkit-frame]')!
    const before = iframe.getAttribute('style') ?? ''
    iframe.style.opacity = '0.01'
    return before
  })
  // Under the near-transparent modal: the user sees the decoy, the click goes to Copy.
  await addDecoy(page, target, 0, 'Copy your coupon')
  await lingerAndClick(page, center(target))
  await page.waitForTimeout(1_000)
  expect(await clipboard(page)).toBe(UNTOUCHED)
  await expect(copy).toHaveText('Copy')

  // The host page stops; the user copies with the screen in plain view and the pointer at rest.
  await page.evaluate((before) => {
    for (const node of Array.from(document.querySelectorAll('[data-attack]'))) node.remove()
    document.querySelector('iframe[data-appkit-frame]')?.setAttribute('style', before)
  }, style)
  await page.mouse.move(5, 5)
  await restAndClick(copy)
  await expect(copy).toHaveText('Copied')
  expect(await clipboard(page)).toBe(text)
})
