import { randomUUID } from 'node:crypto'
import { expect, type Locator, type Page, test } from '@playwright/test'
import { verifyMessage } from 'ethers'
import { secureFrame } from './embeddedLogin.ts'
import { gotoReady, modal } from './helpers.ts'
import { mailIds, waitForMail } from './mailbox.ts'
import { SITES } from './sites.ts'
import { installTestWallet, TEST_ACCOUNT } from './testWallet.ts'
import { createWalletConnectWallet } from './walletConnectWallet.ts'

/**
 * Everything a mouse user does, done with the keyboard alone. Every control is reached
 * with Tab (never clicked, never focused by the test) and pressed with Enter; text is typed.
 * A login, a recovery text, an approval and the rest on a loaded machine take more than 30 s.
 */
test.describe.configure({ timeout: 120_000 })

/** Whether `target` holds the keyboard focus (in whichever frame it lives). */
const isFocused = (target: Locator) => target.evaluate((el) => el.ownerDocument.activeElement === el)

/** Presses Tab (Shift+Tab with `back`) until `target` has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { max = 30, back = false } = {}): Promise<void> {
  await expect(target).toBeVisible({ timeout: 15_000 })
  for (let presses = 0; presses <= max; presses++) {
    if (await isFocused(target)) return
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
  }
  throw new Error(`${target} was not reached with ${max} presses of Tab`)
}

/** Tabs to `target` and presses Enter on it. */
async function activate(page: Page, target: Locator): Promise<void> {
  await tabTo(page, target)
  await page.keyboard.press('Enter')
}

/** The device link of a new login, opened in the mail tab as the user does (outside the modal). */
async function approveDevice(page: Page, email: string, seen: Set<string>): Promise<void> {
  const mail = await waitForMail(email, /Approve a new device/, seen)
  const link = /https?:\/\/\S+\/v1\/auth\/device\/approve#token=[-_A-Za-z0-9]+/.exec(mail.text)?.[0]
  expect(link).toBeDefined()
  const tab = await page.context().newPage()
  await tab.goto(link!)
  await activate(tab, tab.getByRole('button', { name: 'Approve this device' }))
  await expect(tab.locator('body')).toContainText(/Device approved/)
  await tab.close()
  await page.bringToFront()
}

/** Starts a site's signature request (as the site's own code would) and leaves it pending. */
async function requestSignature(page: Page, message: string): Promise<void> {
  await page.evaluate((message) => {
    const from = window.appkit.getAccount('eip155').address
    ;(window as unknown as { __signed?: Promise<unknown> }).__signed = window.appkit
      .getProvider('eip155')!
      .request({ method: 'personal_sign', params: [message, from] })
  }, message)
}

const signed = (page: Page) =>
  page.evaluate(() => (window as unknown as { __signed: Promise<string> }).__signed)

test('keyboard only: e-mail login, a signature in the secure frame, a network switch, disconnect, Escape', async ({
  page,
}) => {
  await gotoReady(page)
  const connect = page.getByTestId('connect-button')
  const m = modal(page)

  // Tab to the site's Connect button and open the modal with Enter.
  await activate(page, connect)
  await expect(m.getByTestId('view-Connect')).toBeVisible()

  // E-mail: typed into the modal's field, submitted with Enter.
  const email = `e2e-kb-${randomUUID().slice(0, 8)}@example.test`
  const seen = await mailIds()
  await tabTo(page, m.getByTestId('email-input'))
  await page.keyboard.type(email)
  await page.keyboard.press('Enter')
  await approveDevice(page, email, seen)
  const code = /code is (\d{6})\b/.exec((await waitForMail(email, /Your login code/, seen)).text)?.[1]
  expect(code).toMatch(/^\d{6}$/)
  await tabTo(page, m.getByTestId('otp-input'))
  await page.keyboard.type(code!)
  await page.keyboard.press('Enter')

  // The new wallet's recovery text: the secure frame's screen takes the focus when it appears.
  const frame = secureFrame(page)
  await expect(frame.getByTestId('recovery-text')).toBeVisible({ timeout: 20_000 })
  await expect(frame.getByTestId('recovery')).toBeFocused()
  const text = (await frame.getByTestId('recovery-text').textContent()) ?? ''
  await tabTo(page, frame.getByTestId('recovery-confirm-input'))
  await page.keyboard.type(text)
  await tabTo(page, frame.getByTestId('recovery-done'))
  await expect(frame.getByTestId('recovery-done')).toHaveAttribute('aria-disabled', 'false', {
    timeout: 10_000,
  })
  await page.keyboard.press('Enter')
  await expect
    .poll(() => page.evaluate(() => window.appkit.getAccount('eip155').isConnected), { timeout: 20_000 })
    .toBe(true)
  const address = (await page.evaluate(() => window.appkit.getAccount('eip155').address))!

  // A signature: the approval takes the focus; Tab reaches Approve, which arms, and Enter signs.
  const message = 'Keyboard users sign too'
  await requestSignature(page, message)
  await expect(frame.getByTestId('approval')).toContainText(message, { timeout: 15_000 })
  await expect(frame.getByTestId('approval')).toBeFocused()
  // The page applies a close and the next open late, after the approval took the focus (a busy
  // page when one request follows another): its loader makes the modal's iframe inert, then shows
  // it again and focuses it, as `createFrame` does. The focus must end up in the approval again,
  // not stop at the modal (checked to fail before the secure frame's slot took it back).
  await page.evaluate(async () => {
    const overlay = document.querySelector<HTMLIFrameElement>('iframe[data-appkit-frame]')!
    overlay.inert = true
    await new Promise((resolve) => setTimeout(resolve, 300))
    overlay.inert = false
    overlay.focus()
  })
  await expect(frame.getByTestId('approval')).toBeFocused()
  const approve = frame.getByTestId('approval-approve')
  await tabTo(page, approve, { max: 6 })
  await expect(approve).toHaveAttribute('aria-disabled', 'false', { timeout: 10_000 })
  await page.keyboard.press('Enter')
  expect(verifyMessage(message, await signed(page))).toBe(address)
  await expect(frame.getByTestId('approval')).toHaveCount(0)

  // The focus is back on the page (the modal closed with its request): Tab on to the site's
  // "open the network list" button, pick the other network.
  await expect.poll(() => page.evaluate(() => window.appkit.getState().open)).toBe(false)
  const openNetworks = page.getByRole('button', { name: "open({ view: 'SwitchNetwork' })" })
  await activate(page, openNetworks)
  await activate(page, m.getByTestId('network-eip155:31338'))
  await expect
    .poll(() => page.evaluate(() => window.appkit.getState().selectedNetworkId))
    .toBe('eip155:31338')
  // Escape closes the modal, and the focus is back on the button that opened it.
  if (await page.evaluate(() => window.appkit.getState().open)) await page.keyboard.press('Escape')
  await expect.poll(() => page.evaluate(() => window.appkit.getState().open)).toBe(false)
  await expect(openNetworks).toBeFocused()

  // Disconnect from Account, opened by the site's Connect button.
  await tabTo(page, connect, { back: true })
  await page.keyboard.press('Enter')
  await activate(page, m.getByTestId('account-disconnect'))
  await expect
    .poll(() => page.evaluate(() => window.appkit.getAccount('eip155').isConnected), { timeout: 15_000 })
    .toBe(false)

  // Escape closes the modal, and the focus returns to what opened it.
  if (!(await page.evaluate(() => window.appkit.getState().open))) {
    await tabTo(page, connect, { back: true })
    await page.keyboard.press('Enter')
    await expect(m.getByTestId('view-Connect')).toBeVisible()
  }
  await page.keyboard.press('Escape')
  await expect.poll(() => page.evaluate(() => window.appkit.getState().open)).toBe(false)
  await expect(connect).toBeFocused()
})

test('keyboard only: a browser wallet connects from the list, and Escape returns the focus', async ({
  page,
}) => {
  await installTestWallet(page)
  await gotoReady(page)
  const connect = page.getByTestId('connect-button')
  await activate(page, connect)
  await activate(page, modal(page).getByTestId('wallet-test.wallet'))
  await expect.poll(() => page.evaluate(() => window.appkit.getAccount('eip155').address)).toBe(TEST_ACCOUNT)
  await expect.poll(() => page.evaluate(() => window.appkit.getState().open)).toBe(false)
  await expect(connect).toBeFocused()
  // Open again (Account now), close with Escape: the focus is back on the button.
  await page.keyboard.press('Enter')
  await expect(modal(page).getByTestId('view-Account')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect.poll(() => page.evaluate(() => window.appkit.getState().open)).toBe(false)
  await expect(connect).toBeFocused()
})

test('keyboard only: WalletConnect, its link copied for the wallet, and Escape returns the focus', async ({
  page,
}) => {
  const wallet = await createWalletConnectWallet()
  try {
    for (const origin of [SITES.modal, SITES.host])
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin })
    await gotoReady(page)
    const connect = page.getByTestId('connect-button')
    await activate(page, connect)
    const m = modal(page)
    await activate(page, m.getByTestId('wallet-walletconnect'))
    await expect(m.getByTestId('wc-qr-code')).toBeVisible({ timeout: 15_000 })
    // The QR code's text alternative: the pairing link, copied with the keyboard, pasted in the wallet.
    await activate(page, m.getByTestId('wc-copy-link'))
    await expect(m.getByTestId('wc-copy-link')).toHaveText('Link copied')
    await wallet.pair(await page.evaluate(() => navigator.clipboard.readText()))
    await expect
      .poll(() => page.evaluate(() => window.appkit.getAccount('eip155').address), { timeout: 15_000 })
      .toBe(wallet.address)
    await expect.poll(() => page.evaluate(() => window.appkit.getState().open)).toBe(false)
    await expect(connect).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(m.getByTestId('view-Account')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect.poll(() => page.evaluate(() => window.appkit.getState().open)).toBe(false)
    await expect(connect).toBeFocused()
  } finally {
    await wallet.close()
  }
})
