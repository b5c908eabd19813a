import { randomUUID } from 'node:crypto'
import { expect, type Page, test } from '@playwright/test'
import { verifyMessage } from 'ethers'
import {
  approveInApprovalWindow,
  approveInSecureFrame,
  logInByEmail,
  requestPendingSignature,
  secureFrame,
  withoutVisibilityTracking,
} from './embeddedLogin.ts'
import { gotoReady, modal } from './helpers.ts'
import { addDecoy, type Box, center, clipToBand, expectNothingSigned, lingerAndClick } from './lure.ts'
import { SITES } from './sites.ts'

/**
 * Clickjacking (SECURITY.md, threats S8/S2/S17): the HOST PAGE is the attacker. It restyles the
 * modal's iframe and lays decoys over it while a request waits for its approval, and the user's
 * real mouse clicks land where Approve is. Nothing may be signed; the honest path still signs.
 *
 * Each attack runs twice: in Chromium as it is (IntersectionObserver v2), and with `isVisible`
 * removed in every frame, as Firefox and Safari are (Playwright's own Firefox and WebKit cannot be
 * installed here): there the frame must never arm, and approvals go through the popup.
 */

// One login per engine, then each attack as a step on that page: a new request, the attack, a wait
// for a signature that must not come, and the honest approval (about 10 s each on a loaded machine).
test.describe.configure({ timeout: 180_000 })

type Variant = { name: string; ioV2: boolean }
const VARIANTS: Variant[] = [
  { name: 'Chromium (IntersectionObserver v2)', ioV2: true },
  { name: 'no IntersectionObserver v2 (as Firefox, Safari)', ioV2: false },
]
/** A logged-in wallet on the host page, in the engine the variant stands for. */
type Victim = { page: Page; variant: Variant; address: string }

/** Logs in once; every attack then leaves a request of its own waiting on this page. */
async function logIn(page: Page, variant: Variant): Promise<Victim> {
  if (!variant.ioV2) await withoutVisibilityTracking(page.context())
  await gotoReady(page)
  await logInByEmail(page, `e2e-${randomUUID().slice(0, 8)}@example.test`)
  const address = (await page.evaluate(() => window.appkit.getAccount('eip155').address))!
  return { page, variant, address }
}

/** A personal_sign waiting for its approval, its text naming the attack so no step sees another's. */
async function pendingSignature({ page, address }: Victim, attack: string): Promise<string> {
  const message = `Transfer everything to the attacker (${attack})`
  await requestPendingSignature(page, message, address)
  return message
}

/**
 * Where the frame's primary button is on the page: Approve, or, where the frame may not approve,
 * the button that opens the approval popup in its place. Measured once the screen stopped moving.
 */
async function primaryButton(page: Page): Promise<Box> {
  const button = secureFrame(page).locator(
    '[data-testid="approval-approve"], [data-testid="approval-open-window"]',
  )
  let last = ''
  await expect
    .poll(async () => {
      const box = await button.boundingBox()
      const now = JSON.stringify(box)
      const stable = box !== null && now === last
      last = now
      return stable
    })
    .toBe(true)
  return (await button.boundingBox())!
}

/** The host page stops attacking: decoys gone, the modal's iframe styled as the loader left it. */
async function undoAttack(page: Page, iframeStyle: string): Promise<void> {
  await page.evaluate((style) => {
    for (const node of Array.from(document.querySelectorAll('[data-attack]'))) node.remove()
    document.querySelector('iframe[data-appkit-frame]')?.setAttribute('style', style)
  }, iframeStyle)
}

const modalStyle = (page: Page) =>
  page.evaluate(() => document.querySelector('iframe[data-appkit-frame]')?.getAttribute('style') ?? '')

/** The honest path after an attack: the user approves as intended, and the signature verifies. */
async function approveHonestly({ page, variant, address }: Victim, message: string): Promise<void> {
  await page.mouse.move(5, 5)
  if (variant.ioV2) await approveInSecureFrame(page, message)
  else await approveInApprovalWindow(page, message)
  await expectSignedBy(page, message, address)
}

async function expectSignedBy(page: Page, message: string, address: string): Promise<void> {
  // The signature crosses three frames and the secure frame's key work: seconds on a busy machine.
  await expect
    .poll(() => page.evaluate(() => window.__request), { timeout: 15_000 })
    .toHaveProperty('signature')
  const result = (await page.evaluate(() => window.__request)) as { signature: string }
  expect(verifyMessage(message, result.signature)).toBe(address)
}

/** (a) The modal at opacity 0.01 with a decoy under Approve. */
async function nearTransparentModal(victim: Victim): Promise<void> {
  const { page } = victim
  const message = await pendingSignature(victim, 'a')
  const style = await modalStyle(page)
  const target = await primaryButton(page)
  await page.evaluate(() => {
    const iframe = document.querySelector<HTMLIFrameElement>('iframe[data-appkit-frame]')!
    iframe.style.opacity = '0.01'
  })
  // Under the near-transparent modal: the user sees the decoy, the click goes to the frame.
  await addDecoy(page, target, 0)
  await lingerAndClick(page, center(target))
  await expectNothingSigned(page)
  await undoAttack(page, style)
  await approveHonestly(victim, message)
}

/** (b) The frame clipped (clip-path) to its row of buttons. */
async function clippedFrame(victim: Victim): Promise<void> {
  const { page } = victim
  const message = await pendingSignature(victim, 'b, clipped')
  const style = await modalStyle(page)
  const target = await primaryButton(page)
  await clipToBand(page, 'iframe[data-appkit-frame]', target)
  await lingerAndClick(page, center(target))
  await expectNothingSigned(page)
  await undoAttack(page, style)
  await approveHonestly(victim, message)
}

/** (b) The frame pushed above the page so only its row of buttons shows. */
async function pushedFrame(victim: Victim): Promise<void> {
  const { page } = victim
  const message = await pendingSignature(victim, 'b, pushed')
  const style = await modalStyle(page)
  const target = await primaryButton(page)
  // Moved, not transformed: the viewport's own edge hides the request, only the buttons remain.
  await page.evaluate((target) => {
    const iframe = document.querySelector<HTMLIFrameElement>('iframe[data-appkit-frame]')!
    Object.assign(iframe.style, { inset: 'auto', left: '0px', top: `${6 - target.y}px` })
  }, target)
  const shifted = { ...target, y: 6 }
  await lingerAndClick(page, center(shifted))
  await expectNothingSigned(page)
  await undoAttack(page, style)
  await approveHonestly(victim, message)
}

/** (c) The frame moved under the pointer between the two clicks of a double-click. */
async function movedUnderDoubleClick(victim: Victim): Promise<void> {
  const { page } = victim
  const message = await pendingSignature(victim, 'c')
  const style = await modalStyle(page)
  // The modal narrowed to the right of the page, fully visible; the host's own game on the left.
  await page.evaluate(() => {
    const iframe = document.querySelector<HTMLIFrameElement>('iframe[data-appkit-frame]')!
    Object.assign(iframe.style, { inset: 'auto', top: '0px', left: '640px', width: '640px' })
  })
  const target = await primaryButton(page)
  const spot = { x: center(target).x - 450, y: center(target).y }
  await addDecoy(page, { x: spot.x - 60, y: spot.y - 15, width: 120, height: 30 }, 0)
  // The user has looked at the approval (the pointer crossed it), then plays the host's game.
  await page.mouse.move(center(target).x - 100, center(target).y - 100, { steps: 5 })
  await page.mouse.move(spot.x, spot.y, { steps: 8 })
  await page.waitForTimeout(1_000)
  // "Double-click the gold button": the first press slides Approve under the pointer.
  await page.evaluate((dx) => {
    document.addEventListener(
      'mousedown',
      () => {
        const iframe = document.querySelector<HTMLIFrameElement>('iframe[data-appkit-frame]')!
        iframe.style.left = `${640 - dx}px`
      },
      { once: true },
    )
  }, 450)
  await page.mouse.click(spot.x, spot.y)
  await page.waitForTimeout(120)
  await page.mouse.click(spot.x, spot.y, { clickCount: 2 })
  await expectNothingSigned(page)
  await undoAttack(page, style)
  await approveHonestly(victim, message)
}

/** (d) An overlay with pointer-events:none over the frame. */
async function clickThroughOverlay(victim: Victim): Promise<void> {
  const { page } = victim
  const message = await pendingSignature(victim, 'd')
  const style = await modalStyle(page)
  const target = await primaryButton(page)
  await page.evaluate(() => {
    const cover = document.createElement('div')
    cover.setAttribute('data-attack', '')
    cover.textContent = 'Spin the wheel!'
    Object.assign(cover.style, {
      position: 'fixed',
      inset: '0',
      background: 'white',
      pointerEvents: 'none',
      zIndex: '2147483647',
    })
    document.body.append(cover)
  })
  await addDecoy(page, target, 2147483647)
  await page.evaluate(() => {
    for (const decoy of Array.from(document.querySelectorAll<HTMLElement>('button[data-attack]'))) {
      decoy.style.pointerEvents = 'none'
    }
  })
  await lingerAndClick(page, center(target))
  await expectNothingSigned(page)
  await undoAttack(page, style)
  await approveHonestly(victim, message)
}

/** Tabs, as a keyboard user does, until the frame's Approve has the focus (a few presses at most). */
async function tabToApprove(page: Page): Promise<void> {
  const approve = secureFrame(page).getByTestId('approval-approve')
  for (let presses = 0; presses < 6; presses++) {
    if (await approve.evaluate((button) => document.activeElement === button)) return
    await page.keyboard.press('Tab')
  }
  await expect(approve).toBeFocused()
}

/** (f) Enter and Space on Approve while the host fades the modal; seen whole, the keyboard signs. */
async function keysOnFadedApprove(victim: Victim): Promise<void> {
  const { page, address } = victim
  const message = await pendingSignature(victim, 'f')
  const style = await modalStyle(page)
  const approve = secureFrame(page).getByTestId('approval-approve')
  // The approval took the focus when it appeared: the user's keys go to the frame.
  await expect(secureFrame(page).getByTestId('approval')).toBeFocused()
  await page.evaluate(() => {
    const iframe = document.querySelector<HTMLIFrameElement>('iframe[data-appkit-frame]')!
    iframe.style.opacity = '0.01'
  })
  await tabToApprove(page)
  // Focused long past the arming delay, but never seen whole: it stays unarmed, keys do nothing.
  await page.waitForTimeout(1_500)
  await expect(approve).toHaveAttribute('aria-disabled', 'true')
  await page.keyboard.press('Enter')
  await page.keyboard.press('Space')
  await page.keyboard.down('Enter')
  await page.keyboard.down('Enter')
  await page.keyboard.up('Enter')
  await expectNothingSigned(page)
  await undoAttack(page, style)
  // The honest keyboard path: seen whole and focused for 500 ms, Approve arms and Enter signs.
  await expect(approve).toHaveAttribute('aria-disabled', 'false', { timeout: 10_000 })
  await expect(approve).toBeFocused()
  await page.keyboard.press('Enter')
  await expectSignedBy(page, message, address)
  // The approval gone, the focus is not left in the hidden frame.
  await expect(secureFrame(page).getByTestId('approval')).toHaveCount(0)
  await expect(modal(page).getByTestId('auth-frame')).not.toBeFocused()
}

/** (g) The host shrinks the modal so the approval must scroll, with only Approve in sight. */
async function shrunkModal(victim: Victim): Promise<void> {
  const { page } = victim
  const message = await pendingSignature(victim, 'g')
  const style = await modalStyle(page)
  // The modal's frame cut to a short window: the room for the secure frame's screen is capped, and
  // the approval scrolls inside it. The user scrolls to Approve, whose request is then out of sight.
  await page.evaluate(() => {
    const iframe = document.querySelector<HTMLIFrameElement>('iframe[data-appkit-frame]')!
    Object.assign(iframe.style, { height: '300px', top: '0px', bottom: 'auto' })
  })
  const frame = secureFrame(page)
  const approve = frame.getByTestId('approval-approve')
  await expect
    .poll(() =>
      frame.getByTestId('approval').evaluate((panel) => panel.scrollHeight > panel.clientHeight + 1),
    )
    .toBe(true)
  await approve.scrollIntoViewIfNeeded()
  const box = (await approve.boundingBox())!
  await lingerAndClick(page, center(box))
  await expect(approve).toHaveAttribute('aria-disabled', 'true')
  await expectNothingSigned(page)
  await undoAttack(page, style)
  await approveHonestly(victim, message)
}

/** (e) Without IntersectionObserver v2 the frame never arms; the approval popup on the secure origin signs. */
async function neverArmsWithoutVisibility(victim: Victim): Promise<void> {
  const { page } = victim
  const message = await pendingSignature(victim, 'e')
  const frame = secureFrame(page)
  const target = await primaryButton(page)
  // No Approve in the frame at all: only Reject and the way to the popup.
  await expect(frame.getByTestId('approval-approve')).toHaveCount(0)
  await expect(frame.getByTestId('approval-reject')).toBeVisible()
  // A visible frame, a resting pointer, a click where Approve was: nothing is signed here.
  await page.mouse.move(center(target).x, center(target).y, { steps: 8 })
  await page.waitForTimeout(1_000)
  const opened = page.context().waitForEvent('page')
  const served = page
    .context()
    .waitForEvent('response', (r) => r.url().startsWith(`${SITES.auth}/approve.html`))
  await page.mouse.click(center(target).x, center(target).y)
  await expectNothingSigned(page)
  // That click opened the popup; closed without a decision, it signs nothing either.
  const first = await opened
  await first.close()
  await expectNothingSigned(page)
  await expect(frame.getByTestId('approval-window-note')).toContainText('closed without a decision')
  // The popup page has the secure frame's strict CSP.
  const csp = (await served).headers()['content-security-policy']
  expect(csp).toContain("script-src 'self'")
  expect(csp).toContain("object-src 'none'")
  // The honest path: reopen, approve in the popup, the frame signs.
  await approveHonestly(victim, message)
}

type Attack = { name: string; run: (victim: Victim) => Promise<void>; only?: 'ioV2' | 'noIoV2' }
const ATTACKS: Attack[] = [
  { name: '(a) the modal at opacity 0.01 with a decoy under Approve', run: nearTransparentModal },
  { name: '(b) the frame clipped (clip-path) to its row of buttons', run: clippedFrame },
  { name: '(b) the frame pushed above the page so only its row of buttons shows', run: pushedFrame },
  {
    name: '(c) the frame moved under the pointer between the two clicks of a double-click',
    run: movedUnderDoubleClick,
  },
  { name: '(d) an overlay with pointer-events:none over the frame', run: clickThroughOverlay },
  {
    name: '(f) Enter and Space on Approve while the host fades the modal',
    run: keysOnFadedApprove,
    only: 'ioV2',
  },
  { name: '(g) the host shrinks the modal so the approval must scroll', run: shrunkModal, only: 'ioV2' },
  {
    name: '(e) the frame never arms; the approval popup on the secure origin signs',
    run: neverArmsWithoutVisibility,
    only: 'noIoV2',
  },
]

for (const variant of VARIANTS) {
  const attacks = ATTACKS.filter((a) => !a.only || (a.only === 'ioV2') === variant.ioV2)
  test(`clickjacking by the host page, ${variant.name}: ${attacks.map((a) => a.name.slice(0, 3)).join(' ')} sign nothing; the honest path signs`, async ({
    page,
  }) => {
    const victim = await logIn(page, variant)
    for (const attack of attacks) await test.step(attack.name, () => attack.run(victim))
  })
}
