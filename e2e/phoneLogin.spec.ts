import { randomUUID } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { verifyMessage } from 'ethers'
import { approveInSecureFrame, logInByEmail, requestPendingSignature } from './embeddedLogin.ts'
import { gotoReady, modal } from './helpers.ts'

// The phone: on a phone-sized window the e-mail login reaches the new wallet's recovery
// screen in the secure frame, and a signature is approved there, as on the desktop.
const PHONES = [
  { width: 390, height: 844 },
  { width: 360, height: 640 },
  { width: 844, height: 390 },
] as const

for (const phone of PHONES) {
  test(`phone ${phone.width}×${phone.height}: e-mail login, the recovery text saved, a signature approved`, async ({
    page,
  }) => {
    test.setTimeout(90_000)
    await page.setViewportSize(phone)
    await gotoReady(page)
    await logInByEmail(page, `e2e-${randomUUID().slice(0, 8)}@example.test`)
    const address = await page.evaluate(() => window.appkit.getAccount('eip155').address)
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    await requestPendingSignature(page, 'Signed on a phone', address!)
    await approveInSecureFrame(page, 'Signed on a phone')
    await expect.poll(() => page.evaluate(() => window.__request)).toHaveProperty('signature')
    const { signature } = (await page.evaluate(() => window.__request)) as { signature: string }
    expect(verifyMessage('Signed on a phone', signature)).toBe(address)
    await expect(modal(page).getByTestId('secure-frame-slot')).toHaveCount(0)
  })
}
