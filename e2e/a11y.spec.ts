import { randomUUID } from 'node:crypto'
import { expect, type Frame, type Page, test } from '@playwright/test'
import { expectAccessible, expectAccessibleInBothThemes, expectViewAccessible, frameOf } from './axe.ts'
import {
  approveInSecureFrame,
  logInByEmail,
  rejectInSecureFrame,
  requestLoginCode,
  requestPendingSignature,
  restAndClick,
  saveRecoveryText,
  secureFrame,
  withoutVisibilityTracking,
} from './embeddedLogin.ts'
import { gotoReady, modal } from './helpers.ts'
import { SITES } from './sites.ts'

/**
 * WCAG 2.2 AA checked by axe-core on the modal's views and the secure frame's screens, in
 * both themes, at desktop and phone sizes; the phone sheet fits, scrolls inside and has 44 px
 * targets; the theme follows the system and the site's AppKit variables reach both frames.
 */
test.describe.configure({ timeout: 180_000 })

const PHONES = [
  { width: 390, height: 844 },
  { width: 360, height: 640 },
] as const

/** Nothing of the modal sticks out of the window, sideways or down; the sheet's body scrolls instead. */
async function expectFits(page: Page, label: string): Promise<void> {
  const viewport = page.viewportSize()!
  // The sheet slides in: measure where it comes to rest, not a frame of its entering animation.
  // (At most 2 s: a paused animation never finishes, and the check then measures as it stands.)
  const settled = () =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter(
            (animation) =>
              animation.playState === 'running' &&
              animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY,
          )
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]).then(() => undefined)
  await page.evaluate(settled)
  await frameOf(page, SITES.modal).evaluate(settled)
  const card = await modal(page).getByTestId('w3m-modal').boundingBox()
  expect(card, label).not.toBeNull()
  expect(card!.x, label).toBeGreaterThanOrEqual(0)
  expect(card!.y, label).toBeGreaterThanOrEqual(0)
  expect(card!.x + card!.width, label).toBeLessThanOrEqual(viewport.width + 0.5)
  expect(card!.y + card!.height, label).toBeLessThanOrEqual(viewport.height + 0.5)
  const overflow = await frameOf(page, SITES.modal).evaluate(() => {
    const root = document.scrollingElement!
    return root.scrollWidth - root.clientWidth
  })
  expect(overflow, `${label}: horizontal overflow`).toBeLessThanOrEqual(0)
}

/** Every visible button of the modal (or of the secure frame's screen) is at least 44 px tall. */
async function expectTouchTargets(frame: Frame, label: string): Promise<void> {
  const small = await frame.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('button, a.mk-button, input'))
      .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden')
      .map((el) => ({
        id: el.dataset.testid ?? el.textContent ?? el.tagName,
        height: el.getBoundingClientRect().height,
      }))
      .filter(({ height }) => height < 43.5),
  )
  expect(small, `${label}: targets under 44 px`).toEqual([])
}

test('axe finds no serious or critical violation on the views before login, in both themes', async ({
  page,
}) => {
  await gotoReady(page)
  const m = modal(page)
  await page.getByTestId('connect-button').click()
  await expect(m.getByTestId('view-Connect')).toBeVisible()
  await expectAccessibleInBothThemes(page, 'Connect')
  await m.getByTestId('wallet-all').click()
  await expect(m.getByTestId('wallet-directory').locator('button').first()).toBeVisible({ timeout: 15_000 })
  await expectAccessibleInBothThemes(page, 'AllWallets')
  await m.getByTestId('header-back').click()
  await m.getByTestId('wallet-walletconnect').click()
  await expect(m.getByTestId('wc-qr-code')).toBeVisible({ timeout: 15_000 })
  await expectAccessibleInBothThemes(page, 'ConnectingWalletConnect')
  await page.evaluate(() => window.appkit.open({ view: 'SwitchNetwork' }))
  await expect(m.getByTestId('view-SwitchNetwork')).toBeVisible()
  await expectAccessibleInBothThemes(page, 'SwitchNetwork')
})

for (const phone of PHONES) {
  test(`phone ${phone.width}×${phone.height}: the views fit, 44 px targets, AllWallets unsquashed, axe clean`, async ({
    page,
  }) => {
    await page.setViewportSize(phone)
    await gotoReady(page)
    const m = modal(page)
    const size = `${phone.width}×${phone.height}`
    await page.getByTestId('connect-button').click()
    await expect(m.getByTestId('view-Connect')).toBeVisible()
    await expectFits(page, `Connect ${size}`)
    await expectTouchTargets(frameOf(page, SITES.modal), `Connect ${size}`)
    await expectAccessibleInBothThemes(page, `Connect ${size}`)

    // AllWallets: the search field and the rows keep their height in the scrolling list.
    await m.getByTestId('wallet-all').click()
    const rows = m.getByTestId('wallet-directory').locator('button')
    await expect(rows.first()).toBeVisible({ timeout: 15_000 })
    expect((await m.getByTestId('wallet-search').boundingBox())!.height).toBeGreaterThanOrEqual(44)
    for (const box of await rows.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height)))
      expect(box).toBeGreaterThanOrEqual(44)
    await expectFits(page, `AllWallets ${size}`)
    await expectTouchTargets(frameOf(page, SITES.modal), `AllWallets ${size}`)
    await expectAccessibleInBothThemes(page, `AllWallets ${size}`)

    await page.evaluate(() => window.appkit.open({ view: 'SwitchNetwork' }))
    await expect(m.getByTestId('view-SwitchNetwork')).toBeVisible()
    await expectFits(page, `SwitchNetwork ${size}`)
    await expectTouchTargets(frameOf(page, SITES.modal), `SwitchNetwork ${size}`)
    await expectAccessibleInBothThemes(page, `SwitchNetwork ${size}`)
  })
}

/** The secure frame's screen, shown over the modal, lies wholly in the window once the card settled. */
async function expectFrameScreenFits(page: Page, label: string): Promise<void> {
  const viewport = page.viewportSize()!
  const frame = modal(page).getByTestId('auth-frame')
  // The sheet grows over 150 ms (SPEC §2) with the frame laid on it: judged once it stands still.
  await expect
    .poll(
      async () => {
        const box = await frame.boundingBox()
        return (
          box &&
          box.y >= 0 &&
          box.y + box.height <= viewport.height + 0.5 &&
          box.x + box.width <= viewport.width + 0.5
        )
      },
      { message: label, timeout: 5_000 },
    )
    .toBe(true)
}

for (const phone of PHONES) {
  test(`phone ${phone.width}×${phone.height}: log in by e-mail, save the recovery text and approve a signature, all on screen`, async ({
    page,
  }) => {
    await page.setViewportSize(phone)
    await gotoReady(page)
    const m = modal(page)
    const size = `${phone.width}×${phone.height}`
    const code = await requestLoginCode(page, `e2e-phone-${randomUUID().slice(0, 8)}@example.test`)
    await expectFits(page, `EmailLogin ${size}`)
    await expectTouchTargets(frameOf(page, SITES.modal), `EmailLogin ${size}`)
    await m.getByTestId('otp-input').fill(code)
    await m.getByTestId('otp-submit').click()
    const frame = secureFrame(page)
    await expect(frame.getByTestId('recovery-text')).toBeVisible({ timeout: 20_000 })
    await expectFrameScreenFits(page, `recovery ${size}`)
    await saveRecoveryText(page)
    await expect
      .poll(() => page.evaluate(() => window.appkit.getAccount('eip155').isConnected), { timeout: 20_000 })
      .toBe(true)

    const message = `Signed on a ${size} phone`
    const address = await page.evaluate(() => window.appkit.getAccount('eip155').address as string)
    await requestPendingSignature(page, message, address)
    await expect(frame.getByTestId('approval')).toContainText(message, { timeout: 15_000 })
    await expectFrameScreenFits(page, `approval ${size}`)
    await expectTouchTargets(frameOf(page, SITES.auth), `approval ${size}`)
    await approveInSecureFrame(page, message)
    await expect.poll(() => page.evaluate(() => window.__request)).toHaveProperty('signature')
  })
}

test("axe finds no serious or critical violation on the secure frame's screens and Account, in both themes", async ({
  page,
}) => {
  await gotoReady(page)
  const m = modal(page)
  const code = await requestLoginCode(page, `e2e-axe-${randomUUID().slice(0, 8)}@example.test`)
  await expectAccessibleInBothThemes(page, 'EmailLogin (code)')
  await m.getByTestId('otp-input').fill(code)
  await m.getByTestId('otp-submit').click()
  const frame = secureFrame(page)
  await expect(frame.getByTestId('recovery-text')).toBeVisible({ timeout: 20_000 })
  await expectAccessibleInBothThemes(page, 'recovery')
  await frame
    .getByTestId('recovery-confirm-input')
    .fill((await frame.getByTestId('recovery-text').textContent()) ?? '')
  await restAndClick(frame.getByTestId('recovery-done'))
  await expect
    .poll(() => page.evaluate(() => window.appkit.getAccount('eip155').isConnected), { timeout: 20_000 })
    .toBe(true)
  const message = 'Screen readers read this'
  await page.evaluate((message) => {
    const from = window.appkit.getAccount('eip155').address
    void window.appkit.getProvider('eip155')!.request({ method: 'personal_sign', params: [message, from] })
  }, message)
  await expect(frame.getByTestId('approval')).toContainText(message, { timeout: 15_000 })
  await expectAccessibleInBothThemes(page, 'approval')
  await approveInSecureFrame(page, message)
  await expect(frame.getByTestId('approval')).toHaveCount(0, { timeout: 15_000 })
  // The modal closes after the approval: the site's button is clickable again only once it has.
  await expect.poll(() => page.evaluate(() => window.appkit.getState().open), { timeout: 10_000 }).toBe(false)
  await page.getByTestId('connect-button').click()
  await expect(m.getByTestId('view-Account')).toBeVisible({ timeout: 10_000 })
  await expectAccessibleInBothThemes(page, 'Account')
  // A transaction's approval with a line the user must not miss (a fee cap far above the estimate).
  await page.evaluate(() => {
    const from = window.appkit.getAccount('eip155').address
    window.__request = 'pending'
    window.appkit
      .getProvider('eip155')!
      .request({
        method: 'eth_sendTransaction',
        params: [{ from, to: from, value: '0x0', maxFeePerGas: '0xe8d4a51000', maxPriorityFeePerGas: '0x1' }],
      })
      .catch((error: { code: number }) => {
        window.__request = { code: error.code }
      })
  })
  await expect(frame.locator('dd.approval-warning')).toBeVisible({ timeout: 15_000 })
  await expectAccessibleInBothThemes(page, 'transaction approval with a warning')
  await rejectInSecureFrame(page)
  await expect.poll(() => page.evaluate(() => window.__request)).toEqual({ code: 4001 })
})

test("the approval popup (no IntersectionObserver v2) wears the site's theme; axe finds nothing there, nor in the frame's note, in both themes", async ({
  page,
}) => {
  await withoutVisibilityTracking(page.context())
  await gotoReady(page)
  await logInByEmail(page, `e2e-popup-${randomUUID().slice(0, 8)}@example.test`)
  const address = (await page.evaluate(() => window.appkit.getAccount('eip155').address))!
  await requestPendingSignature(page, 'Read out in the popup', address)
  const frame = secureFrame(page)
  for (const mode of ['dark', 'light'] as const) {
    await page.evaluate((mode) => window.appkit.setThemeMode(mode), mode)
    await expect
      .poll(() => frameOf(page, SITES.auth).evaluate(() => document.documentElement.dataset.theme))
      .toBe(mode)
    const [popup] = await Promise.all([
      page.context().waitForEvent('page'),
      frame.getByTestId('approval-open-window').click(),
    ])
    await expect(popup.getByTestId('approval')).toContainText('Read out in the popup')
    await expect(popup.locator('html')).toHaveAttribute('data-theme', mode)
    await expectAccessible(popup.mainFrame(), `approval popup, ${mode}`)
    await popup.close()
    await expect(frame.getByTestId('approval-window-note')).toContainText('closed without a decision')
    await expectViewAccessible(page, 'approval, popup closed')
  }
  await rejectInSecureFrame(page)
  await expect.poll(() => page.evaluate(() => window.__request)).toEqual({ code: 4001 })
})

test('the theme follows the system while the site sets none, and the site’s choice wins', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' })
  await gotoReady(page)
  await page.getByTestId('connect-button').click()
  const root = modal(page).locator('.mk-root')
  await expect(root).toHaveAttribute('data-theme', 'dark')
  await page.emulateMedia({ colorScheme: 'light' })
  await expect(root).toHaveAttribute('data-theme', 'light')
  await page.emulateMedia({ colorScheme: 'dark' })
  await expect(root).toHaveAttribute('data-theme', 'dark')
  await page.evaluate(() => window.appkit.setThemeMode('light'))
  await expect(root).toHaveAttribute('data-theme', 'light')
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.waitForTimeout(300)
  await expect(root).toHaveAttribute('data-theme', 'light')
})

test("AppKit's theme variables reach the modal and the secure frame, live, and a too-light accent is darkened for text", async ({
  page,
}) => {
  await gotoReady(page)
  await page.getByTestId('connect-button').click()
  const card = modal(page).getByTestId('w3m-modal')
  await expect(card).toBeVisible()
  await page.evaluate(() =>
    window.appkit.setThemeVariables({
      '--w3m-accent': '#ffd700',
      '--w3m-font-family': 'Georgia, serif',
      '--w3m-border-radius-master': '2px',
    }),
  )
  await expect.poll(() => card.evaluate((el) => getComputedStyle(el).fontFamily)).toContain('Georgia')
  const accentText = await card.evaluate((el) =>
    getComputedStyle(el).getPropertyValue('--mk-accent-text').trim(),
  )
  expect(accentText).not.toBe('#ffd700')
  expect(await card.evaluate((el) => getComputedStyle(el).getPropertyValue('--mk-on-accent').trim())).toBe(
    '#141414',
  )
  // The secure frame (preloaded for the e-mail login) draws with the same variables.
  await expect
    .poll(() =>
      page
        .frames()
        .find((f) => f.url().startsWith(SITES.auth))
        ?.evaluate(() => getComputedStyle(document.body).fontFamily),
    )
    .toContain('Georgia')
  const secure = frameOf(page, SITES.auth)
  expect(await secure.evaluate(() => document.documentElement.style.getPropertyValue('--accent'))).toBe(
    '#ffd700',
  )
  // Live: the site changes the accent again, and the theme mode; both frames follow.
  await page.evaluate(() => window.appkit.setThemeVariables({ '--w3m-accent': '#0a7f5a' }))
  await page.evaluate(() => window.appkit.setThemeMode('dark'))
  await expect
    .poll(() => secure.evaluate(() => document.documentElement.style.getPropertyValue('--accent')))
    .toBe('#0a7f5a')
  await expect.poll(() => secure.evaluate(() => document.documentElement.dataset.theme)).toBe('dark')
})
