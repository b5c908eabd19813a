import { type BrowserContext, expect, type FrameLocator, type Locator, type Page } from '@playwright/test'
import { modal } from './helpers.ts'
import { mailIds, waitForMail } from './mailbox.ts'
import { SITES } from './sites.ts'

/** The embedded wallet's secure frame (auth origin) inside the modal. */
export const secureFrame = (page: Page): FrameLocator =>
  modal(page).frameLocator('iframe[data-testid="auth-frame"]')

/**
 * Waits until the secure frame stands still over its room in the modal. The card re-centres as its
 * height animates when an approval shows, and the frame follows it for about 110 ms (longer on a
 * loaded machine). Playwright's "stable" check sees only the button's box inside the frame's own
 * document, not the frame moving in the modal, so a click in that time can land beside the button:
 * a CI run once clicked Reject 208 ms after the approval painted and no click reached it.
 */
export async function secureFrameSettled(page: Page): Promise<void> {
  // Placed over its room: hidden, it stands still elsewhere (SecureFrameSlot.tsx sets the mark).
  const placed = 'iframe[data-testid="auth-frame"][data-visible]'
  await expect(modal(page).locator(placed)).toBeAttached({ timeout: 15_000 })
  await modal(page)
    .locator('body')
    .evaluate(async (_body, placed) => {
      const frame = document.querySelector(placed)
      if (!frame) throw new Error('the secure frame left its room')
      const box = () => JSON.stringify(frame.getBoundingClientRect())
      const deadline = performance.now() + 5_000
      let last = box()
      // Five frames in a row with the same box.
      for (let still = 0; still < 5 && performance.now() < deadline; ) {
        await new Promise(requestAnimationFrame)
        const now = box()
        still = now === last ? still + 1 : 0
        last = now
      }
    }, placed)
}

/** Rejects the request shown in the secure frame, once the frame stands still (`secureFrameSettled`). */
export async function rejectInSecureFrame(page: Page): Promise<void> {
  const reject = secureFrame(page).getByTestId('approval-reject')
  await expect(reject).toBeVisible({ timeout: 15_000 })
  await secureFrameSettled(page)
  await reject.click()
}

/**
 * Presses a confirming button of the secure origin as a person does: the pointer comes to rest on
 * it, and it arms only after 500 ms seen whole and 500 ms under the resting pointer (SECURITY.md,
 * clickjacking); the press and the click come at that same point.
 */
export async function restAndClick(button: Locator): Promise<void> {
  await button.hover()
  await expect(button).toBeEnabled({ timeout: 10_000 })
  await button.click()
}

/**
 * A new wallet's recovery text, shown on the secure origin: read it as the user would, type it back
 * there (the wallet is usable only after that), confirm. In the secure frame where the page has
 * IntersectionObserver v2; elsewhere in the recovery window the frame's button opens
 * (`saveRecoveryTextInWindow`).
 */
export async function saveRecoveryText(page: Page): Promise<string> {
  const frame = secureFrame(page)
  const shown = frame.getByTestId('recovery-text').or(frame.getByTestId('recovery-open-window'))
  await expect(shown).toBeVisible({ timeout: 20_000 })
  if (await frame.getByTestId('recovery-open-window').isVisible()) return saveRecoveryTextInWindow(page)
  const text = (await frame.getByTestId('recovery-text').textContent()) ?? ''
  expect(text).toMatch(/^mkr1-[-_A-Za-z0-9]+$/)
  await frame.getByTestId('recovery-confirm-input').fill(text)
  await restAndClick(frame.getByTestId('recovery-done'))
  await expect(frame.getByTestId('recovery')).toHaveCount(0)
  return text
}

/** Opens the recovery window from the secure frame's button: a window of the secure origin. */
export async function openRecoveryWindow(page: Page): Promise<Page> {
  const [popup] = await Promise.all([
    page.context().waitForEvent('page'),
    secureFrame(page).getByTestId('recovery-open-window').click(),
  ])
  await expect(popup.getByTestId('recovery-text')).toBeVisible({ timeout: 15_000 })
  expect(new URL(popup.url()).origin).toBe(SITES.auth)
  return popup
}

/**
 * The recovery text where the page has no IntersectionObserver v2: never in the secure frame, but in
 * the window its button opens, where it is read, typed back and confirmed; the window then closes.
 */
export async function saveRecoveryTextInWindow(page: Page): Promise<string> {
  const popup = await openRecoveryWindow(page)
  const text = (await popup.getByTestId('recovery-text').textContent()) ?? ''
  expect(text).toMatch(/^mkr1-[-_A-Za-z0-9]+$/)
  await popup.getByTestId('recovery-confirm-input').fill(text)
  const closed = popup.waitForEvent('close')
  await restAndClickClosing(popup, popup.getByTestId('recovery-done'))
  await closed
  await expect(secureFrame(page).getByTestId('recovery')).toHaveCount(0)
  return text
}

/** `restAndClick` on a button whose click closes its window, which can end the click before it returns. */
async function restAndClickClosing(popup: Page, button: Locator): Promise<void> {
  await button.hover()
  await expect(button).toBeEnabled({ timeout: 10_000 })
  await button.click({ noWaitAfter: true }).catch((error: unknown) => {
    if (!popup.isClosed()) throw error
  })
}

/** Opens the modal on Connect: the demo page's button (a client page passes its own). */
const OPEN_FROM_DEMO = (page: Page) => page.getByTestId('connect-button').click()

/**
 * Asks for an e-mail login code the way a user does on a new device: the address in the modal, the
 * device link from the first mail, then the code from the next one, which is returned (not entered).
 */
export async function requestLoginCode(
  page: Page,
  email: string,
  open = OPEN_FROM_DEMO,
  /** Where the mail is read: a context the caller watches (its requests); else one made here. */
  mailContext?: BrowserContext,
): Promise<string> {
  await open(page)
  const m = modal(page)
  await m.getByTestId('email-input').fill(email)
  const seen = await mailIds()
  await m.getByTestId('email-submit').click()
  return approveDeviceAndReadCode(page, email, seen, mailContext)
}

/**
 * The e-mail login's device step, from the modal showing it: the approval link from the newest mail
 * (after `seen`) opened and approved as the user does, then the code from the next mail (returned).
 */
export async function approveDeviceAndReadCode(
  page: Page,
  email: string,
  seen: ReadonlySet<string>,
  mailContext?: BrowserContext,
): Promise<string> {
  const m = modal(page)
  await expect(m.getByTestId('email-device')).toBeVisible({ timeout: 15_000 })
  const approval = await waitForMail(email, /Approve a new device/, seen)
  expect(approval.text).toContain(`Requested by ${new URL(page.url()).origin}`)
  const link = /https?:\/\/\S+\/v1\/auth\/device\/approve#token=[-_A-Za-z0-9]+/.exec(approval.text)?.[0]
  expect(link).toBeDefined()
  // The mail is read in a browser of its own (a mail app): a second tab of the page's browser window
  // leaves headless Chromium routing later clicks on the page's out-of-process frames to the host
  // page, wherever the phone sheet moved while that tab was in front (a harness effect).
  const mailBrowser = mailContext ?? (await page.context().browser()!.newContext())
  const mailTab = await mailBrowser.newPage()
  await mailTab.goto(link!)
  // Opening the link shows a button; the approval is its POST (a scanner's GET approves nothing).
  await mailTab.getByRole('button', { name: 'Approve this device' }).click()
  await expect(mailTab.locator('body')).toContainText(/Device approved/)
  if (mailContext) await mailTab.close()
  else await mailBrowser.close()
  await expect(m.getByTestId('otp-input')).toBeVisible({ timeout: 15_000 })
  const codeMail = await waitForMail(email, /Your login code/, seen)
  const code = /code is (\d{6})\b/.exec(codeMail.text)?.[1]
  expect(code).toMatch(/^\d{6}$/)
  return code!
}

/**
 * Logs in by e-mail the way a user does (requestLoginCode, then the code); then either saves the new
 * wallet's recovery text (returned) or restores with `recovery` (returned: it stays the wallet's).
 */
export async function logInByEmail(
  page: Page,
  email: string,
  recovery?: string,
  open = OPEN_FROM_DEMO,
): Promise<string> {
  const code = await requestLoginCode(page, email, open)
  const m = modal(page)
  await m.getByTestId('otp-input').fill(code)
  await m.getByTestId('otp-submit').click()
  if (recovery) {
    // Typed into the secure frame's own screen, never into the modal, which the site could read.
    const frame = secureFrame(page)
    await expect(frame.getByTestId('restore')).toBeVisible({ timeout: 20_000 })
    await expect(m.getByTestId('recovery-input')).toHaveCount(0)
    await frame.getByTestId('recovery-input').fill(recovery)
    await frame.getByTestId('recovery-submit').click()
  }
  const saved = recovery ?? (await saveRecoveryText(page))
  await expect
    .poll(() => page.evaluate(() => window.appkit.getAccount('eip155').isConnected), { timeout: 20_000 })
    .toBe(true)
  return saved
}

/** The user reads a request to its end: its fields' box scrolled to the bottom (Approve waits for it). */
export async function readToEnd(box: Locator): Promise<void> {
  await box.evaluate((element) => {
    element.scrollTop = element.scrollHeight
  })
}

/**
 * Approves the pending request in the secure frame as a person does: the modal makes room for the
 * frame's screen, whose Approve arms only after 500 ms seen whole and the pointer resting on it for
 * 500 ms (SECURITY.md, clickjacking), once its fields were read to their end.
 */

export async function approveInSecureFrame(page: Page, expectText?: string): Promise<void> {
  const frame = secureFrame(page)
  await expect(modal(page).getByTestId('secure-frame-slot')).toBeVisible({ timeout: 15_000 })
  await expect(frame.getByTestId('approval')).toBeVisible()
  if (expectText) await expect(frame.getByTestId('approval')).toContainText(expectText)
  await readToEnd(frame.locator('.approval-fields-scroll'))
  await frame.getByTestId('approval').hover()
  await page.mouse.move(10, 10)
  await frame.getByTestId('approval-approve').hover()
  await expect(frame.getByTestId('approval-approve')).toBeEnabled()
  await frame.getByTestId('approval-approve').click()
}

/**
 * Approves the pending request where the browser cannot tell whether the secure frame is seen (no
 * IntersectionObserver v2): the frame's button opens the approval popup on the secure origin, and
 * Approve there arms on the window being focused, 500 ms, and the resting pointer.
 */
export async function approveInApprovalWindow(page: Page, expectText?: string): Promise<Page> {
  const frame = secureFrame(page)
  await expect(frame.getByTestId('approval')).toBeVisible({ timeout: 15_000 })
  await expect(frame.getByTestId('approval-approve')).toHaveCount(0)
  const [popup] = await Promise.all([
    page.context().waitForEvent('page'),
    frame.getByTestId('approval-open-window').click(),
  ])
  await expect(popup.getByTestId('approval')).toBeVisible()
  expect(new URL(popup.url()).origin).toBe(SITES.auth)
  if (expectText) await expect(popup.getByTestId('approval')).toContainText(expectText)
  await readToEnd(popup.locator('.approval-fields-scroll'))
  const approve = popup.getByTestId('approval-approve')
  await approve.hover()
  await expect(approve).toBeEnabled({ timeout: 10_000 })
  const closed = popup.waitForEvent('close')
  // The popup closes itself with the decision, which can end Playwright's click before it returns.
  await approve.click({ noWaitAfter: true }).catch((error: unknown) => {
    if (!popup.isClosed()) throw error
  })
  await closed
  return popup
}

/** Where each provider's stand-in shows its login form (the real services' paths; Google's OpenID interaction). */
export const SOCIAL_LOGIN_PAGES = {
  google: /\/google\/interaction\//,
  github: /\/github\/login\/oauth\/authorize\?/,
  apple: /\/apple\/auth\/authorize\?/,
  facebook: /\/facebook\/v19\.0\/dialog\/oauth\?/,
  x: /\/x\/i\/oauth2\/authorize\?/,
  discord: /\/discord\/oauth2\/authorize\?/,
} as const
export type SocialName = keyof typeof SOCIAL_LOGIN_PAGES

/**
 * Opens the social popup from the modal's Connect view (the modal is open) and waits for the
 * provider's login form; returns the popup.
 */
export async function openSocialPopup(page: Page, provider: SocialName): Promise<Page> {
  const popupOpened = page.waitForEvent('popup')
  await modal(page).getByTestId(`social-${provider}`).click()
  const popup = await popupOpened
  try {
    await popup.waitForURL(SOCIAL_LOGIN_PAGES[provider])
  } catch (error) {
    // The modal closes the popup when the attempt fails before the provider's page: say why.
    const alerts = await modal(page).locator('[role="alert"], [data-testid="w3m-toast"]').allTextContents()
    const log = await page.getByTestId('log').locator('li').allTextContents()
    throw new Error(
      `the ${provider} login page did not show (${(error as Error).message.split('\n')[0]}); ` +
        `modal alerts: ${JSON.stringify(alerts)}; demo log: ${JSON.stringify(log.slice(0, 5))}`,
    )
  }
  return popup
}

/** Signs in on the stand-in's form (any name, any password) and waits for the popup to close. */
export async function submitSocialLogin(popup: Page, login: string): Promise<void> {
  await popup.locator('input[name="login"]').fill(login)
  await popup.locator('input[name="password"]').fill('any')
  // Listen before the click: the popup may close before a later listener would be attached.
  const popupClosed = popup.waitForEvent('close', { timeout: 20_000 })
  await popup.locator('button.login-submit').click()
  await popupClosed
}

declare global {
  interface Window {
    /** The site's view of its request: still pending, signed, or refused with a code. */
    __request?: 'pending' | { signature: string } | { code: number }
  }
}

/**
 * The site asks the connected embedded wallet for a `personal_sign` and leaves it waiting for the
 * approval, which shows `message` in the secure frame; `window.__request` follows its fate.
 */
export async function requestPendingSignature(page: Page, message: string, address: string): Promise<void> {
  await page.evaluate(
    ([text, from]) => {
      window.__request = 'pending'
      window.appkit
        .getProvider('eip155')!
        .request({ method: 'personal_sign', params: [text, from] })
        .then(
          (signature) => {
            window.__request = { signature: signature as string }
          },
          (error: { code: number }) => {
            window.__request = { code: error.code }
          },
        )
    },
    [message, address] as const,
  )
  await expect(secureFrame(page).getByTestId('approval')).toContainText(message, { timeout: 15_000 })
}

/**
 * Removes IntersectionObserver v2 in every frame of the context, before any script of the page, as
 * Firefox and Safari lack it: the secure frame then approves only through its popup.
 */
export async function withoutVisibilityTracking(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    if (typeof IntersectionObserverEntry === 'undefined') return
    delete (IntersectionObserverEntry.prototype as { isVisible?: boolean }).isVisible
  })
}
