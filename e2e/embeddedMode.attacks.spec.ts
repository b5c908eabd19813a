import { randomUUID } from 'node:crypto'
import { expect, type Page, test } from '@playwright/test'
import { verifyMessage } from 'ethers'
import { approveInSecureFrame, logInByEmail, requestPendingSignature, secureFrame } from './embeddedLogin.ts'
import { gotoReady } from './helpers.ts'
import { center, clipToBand, expectNothingSigned, lingerAndClick } from './lure.ts'

/**
 * Clickjacking in embedded mode (SECURITY.md S8): the HOST PAGE is the attacker. The modal
 * lives in the page's own element (`embedTarget`), so the page styles its box directly: here it clips
 * that element to the secure frame's row of buttons while a signature waits, and lures the user to
 * click there. Nothing may be signed; the honest path still signs.
 *
 * The login happens on the overlay page of the same site first: the secure frame keeps its session
 * in storage partitioned by that site (this file runs in the storage-partitioned project), so the
 * embedded page opens connected.
 */
test.describe.configure({ timeout: 120_000 })

const MESSAGE = 'Embedded: transfer everything to the attacker'

async function connectedEmbedded(page: Page): Promise<string> {
  await gotoReady(page, '/')
  await logInByEmail(page, `e2e-${randomUUID().slice(0, 8)}@example.test`)
  const address = (await page.evaluate(() => window.appkit.getAccount('eip155').address))!
  await gotoReady(page, '/embedded.html')
  await expect
    .poll(() => page.evaluate(() => window.appkit.getAccount('eip155').address), { timeout: 20_000 })
    .toBe(address)
  return address
}

test('the embed element clipped to the secure frame row of buttons: nothing signed; unclipped, the user signs', async ({
  page,
}) => {
  const address = await connectedEmbedded(page)
  await requestPendingSignature(page, MESSAGE, address)
  const approve = secureFrame(page).getByTestId('approval-approve')
  await expect(approve).toBeVisible()
  const target = (await approve.boundingBox())!
  // The embed element grew with the approval (it stayed at the last view's height, cutting the
  // approval off, so no one could approve in embedded mode): Approve is inside it, whole.
  const host = (await page.getByTestId('embed-target').boundingBox())!
  expect(target.y + target.height).toBeLessThanOrEqual(host.y + host.height)
  // The host clips its own element (the modal's box) to a band around Approve: the request above
  // it is hidden, the button shows, with the host's invitation drawn next to it.
  await clipToBand(page, '[data-testid="embed-target"]', target)
  await page.evaluate(() => {
    const lure = document.createElement('p')
    lure.setAttribute('data-attack', '')
    lure.textContent = 'Click the button to claim your prize'
    document.body.prepend(lure)
  })
  await lingerAndClick(page, center(target))
  await expectNothingSigned(page)
  await expect(approve).toHaveAttribute('aria-disabled', 'true')

  // The host stops: the element shown whole again, the user approves as intended.
  await page.evaluate(() => {
    document.querySelector<HTMLElement>('[data-testid="embed-target"]')!.style.clipPath = ''
    for (const node of Array.from(document.querySelectorAll('[data-attack]'))) node.remove()
  })
  await page.mouse.move(5, 5)
  await approveInSecureFrame(page, MESSAGE)
  await expect.poll(() => page.evaluate(() => window.__request)).toHaveProperty('signature')
  const result = (await page.evaluate(() => window.__request)) as { signature: string }
  expect(verifyMessage(MESSAGE, result.signature)).toBe(address)
})
