import { randomUUID } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { hexlify, toUtf8Bytes, verifyMessage } from 'ethers'
import {
  AFTER_WINDOW,
  addLoaderScript,
  balance,
  DESKTOP,
  deviceApprovalLink,
  expectArabicMirrored,
  HIDE_CARET_SCRIPT,
  loginCode,
  MODAL_LAYOUT_SCRIPT,
  type ModalLayout,
  PICTURE,
  RECIPIENT,
  receiptStatus,
  settledLayout,
} from '../engineLane.ts'
import { fund } from '../evmNode.ts'
import {
  type AttackLane,
  attackThenApprove,
  LANE_ATTACKS,
  type LureStep,
  type PageMove,
} from '../laneLures.ts'
import { LOCKS } from '../locks.ts'
import type { Box } from '../lure.ts'
import { mailIds } from '../mailbox.ts'
import { SITES } from '../sites.ts'
import { TEST_ACCOUNT, testWalletSource } from '../testWallet.ts'
import type { PointerAction } from './webDriver.ts'
import { focusWindow, launchWebKit, setViewport, type WebKit } from './webkitGtk.ts'
import { type FramePath, TOP, WebKitPage } from './webkitPage.ts'

/**
 * WebKitGTK, the engine of Safari and of every browser on iOS, without IntersectionObserver v2: the
 * secure frame cannot tell whether it is seen, so it never approves itself and every approval opens
 * as a window on the secure origin (SECURITY.md, clickjacking). One login serves the file's tests,
 * in order. The file runs while nothing else does (LOCKS.alone): MiniBrowser's approval window,
 * opened and armed under Xvfb, missed its deadlines twice in a row with another worker's browser
 * beside it on two cores (a fresh clone's CI, 2026-11-30); alone, it passes as with one worker.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000, lock: LOCKS.alone })

const EMAIL = `e2e-wk-${randomUUID().slice(0, 8)}@example.test`

let webkit: WebKit
let page: WebKitPage
/** The demo site's window: the approval window and the mail's tab come and go beside it. */
let main: string
let address: string | undefined

test.beforeAll(async () => {
  webkit = await launchWebKit()
  page = new WebKitPage(webkit.session)
  main = await webkit.session.windowHandle()
  await setViewport(webkit.session, DESKTOP)
  await webkit.session.navigate(`${SITES.host}/`)
  await expect
    .poll(() => page.evaluate(TOP, 'return window.appkit?.getState().initialized === true'), {
      timeout: 20_000,
    })
    .toBe(true)
})

test.afterAll(async () => {
  await webkit?.close()
})

const modalFrame = () => page.frameOf(SITES.modal)
const secureFrame = () => page.frameOf(SITES.auth)

/** The approval device link from the mail, approved in a tab of its own (a mail app), then closed. */
async function approveDevice(seen: ReadonlySet<string>): Promise<void> {
  const link = await deviceApprovalLink(EMAIL, seen)
  const { handle } = await webkit.session.newWindow()
  await webkit.session.switchToWindow(handle)
  await webkit.session.navigate(link)
  await webkit.session.click(await page.visible(TOP, 'form button'))
  await expect
    .poll(() => page.evaluate<string>(TOP, 'return document.body.textContent').catch(() => ''), {
      timeout: 15_000,
    })
    .toContain('Device approved')
  await webkit.session.closeWindow()
  await webkit.session.switchToWindow(main)
}

/** Logs in by e-mail as a user does: address, device link, code, then the new wallet's recovery text. */
async function logInByEmail(): Promise<string> {
  await page.click(TOP, 'connect-button')
  const modal = await modalFrame()
  await page.type(modal, 'email-input', EMAIL)
  const seen = await mailIds()
  await page.click(modal, 'email-submit')
  await page.byTestId(modal, 'email-device')
  await approveDevice(seen)
  await page.type(modal, 'otp-input', await loginCode(EMAIL, seen))
  await page.click(modal, 'otp-submit')
  await saveRecoveryTextInWindow(await secureFrame())
  await expect
    .poll(() => page.evaluate(TOP, "return window.appkit.getAccount('eip155').isConnected"), {
      timeout: 20_000,
    })
    .toBe(true)
  return page.evaluate<string>(TOP, "return window.appkit.getAccount('eip155').address")
}

/** The file's one login, made by whichever test needs it first (so each also runs alone with -g). */
async function loggedIn(): Promise<string> {
  address ??= await logInByEmail()
  return address
}

/** The site sends `method` through its provider; `window.__request` follows its fate. */
async function sendRequest(method: string, params: unknown[]): Promise<void> {
  await page.evaluate(
    TOP,
    `window.__request = 'pending'
     window.appkit.getProvider('eip155').request({ method: arguments[0], params: arguments[1] }).then(
       (result) => { window.__request = { signature: result } },
       (error) => { window.__request = { code: error.code } },
     )
     return null`,
    method,
    params,
  )
}

const result = () => page.evaluate<unknown>(TOP, 'return window.__request')

/** The secure frame, once it shows the approval of `text`. */
async function shownApproval(text: string): Promise<FramePath> {
  const frame = await secureFrame()
  await expect.poll(() => page.textOf(frame, 'approval')).toContain(text)
  return frame
}

/** The secure frame's approval for `text`, with no Approve of its own: only the window's button. */
async function frameApproval(text: string): Promise<FramePath> {
  const frame = await shownApproval(text)
  await page.byTestId(frame, 'approval-open-window')
  expect(await page.countTestId(frame, 'approval-approve')).toBe(0)
  return frame
}

/** Opens the approval window from the frame's button and approves `text` there as a person does. */
async function approveInWindow(frame: FramePath, text: string): Promise<void> {
  // A new window: one the attack's clicks may have opened earlier is not the one approved here.
  const popup = await openWindow(frame, 'approval-open-window')
  await expect.poll(() => page.textOf(TOP, 'approval')).toContain(text)
  await page.readToEnd(TOP)
  await page.restAndClick(TOP, 'approval-approve')
  await closedWindow(popup)
}

/**
 * The new wallet's recovery text: never in the secure frame inside the site's page (it cannot tell
 * whether it is seen), but in the window its button opens on the secure origin, where it is read,
 * typed back and confirmed; the window then closes.
 */
async function saveRecoveryTextInWindow(frame: FramePath): Promise<void> {
  await page.byTestId(frame, 'recovery-open-window', 20_000)
  expect(
    await page.evaluate(frame, `return document.querySelectorAll('[data-testid="recovery-text"]').length`),
  ).toBe(0)
  const popup = await openWindow(frame, 'recovery-open-window')
  await page.byTestId(TOP, 'recovery-text')
  const text = await page.textOf(TOP, 'recovery-text')
  expect(text).toMatch(/^mkr1-[-_A-Za-z0-9]+$/)
  await page.type(TOP, 'recovery-confirm-input', text)
  await page.restAndClick(TOP, 'recovery-done')
  await closedWindow(popup)
}

/** Clicks `button` in `frame` and switches to the new window it opens, a top-level window on the secure origin. */
async function openWindow(frame: FramePath, button: string): Promise<string> {
  const earlier = new Set(await webkit.session.windowHandles())
  await page.clickWhenStill(frame, button)
  let popup: string | undefined
  await expect
    .poll(async () => (popup = (await webkit.session.windowHandles()).find((h) => !earlier.has(h))), {
      timeout: 30_000, // with two workers on two cores, MiniBrowser once took over 15 s
      message: 'the window of the secure origin',
    })
    .toBeDefined()
    .catch(async (error: Error) => {
      // What the frame says when no window came: its note ("blocked", "closed") and where its button is.
      const note = await page
        .evaluate(
          frame,
          `return document.querySelector('[data-testid$="-window-note"], .approval-site')?.textContent`,
        )
        .catch(() => 'unreadable')
      const box = await page.boxOf(frame, `[data-testid="${button}"]`).catch(() => 'gone')
      throw new Error(`${error.message}\nthe frame's note: ${note}; its button: ${JSON.stringify(box)}`)
    })
  await webkit.session.switchToWindow(popup!)
  await focusWindow(webkit.session)
  // A top-level window on the secure origin: nothing the host page can style or cover.
  expect(await page.evaluate(TOP, 'return location.origin')).toBe(SITES.auth)
  return popup!
}

/** The window closes itself once it answered; back to the site's window. */
async function closedWindow(popup: string): Promise<void> {
  await expect.poll(async () => (await webkit.session.windowHandles()).includes(popup)).toBe(false)
  await webkit.session.switchToWindow(main)
}

/** The modal's layout in the frame at `modal`, once it stands still. */
const layoutOf = (modal: FramePath) =>
  settledLayout(() => page.evaluate<ModalLayout>(modal, MODAL_LAYOUT_SCRIPT))

/** The window as it looks, against WebKitGTK's own reference picture `name` (the caret hidden). */
async function expectPicture(on: WebKitPage, modal: FramePath, name: string): Promise<void> {
  await on.evaluate(modal, HIDE_CARET_SCRIPT)
  await on.enter(TOP)
  expect(await on.session.screenshot()).toMatchSnapshot(name, PICTURE)
}

/**
 * The site's window on the bare demo page with the site's script tag (`attributes`), open on
 * Connect. In the site's own window, not a new tab: MiniBrowser gives a second tab a tab strip (a
 * smaller page) and, in a tab WebDriver brought forward, leaves the modal's entering animations
 * running without end.
 */
async function connectPage(on: WebKitPage, attributes: Record<string, string>): Promise<FramePath> {
  await on.session.navigate(`${SITES.host}/bare.html`)
  await on.evaluate(TOP, addLoaderScript(attributes))
  await expect
    .poll(() => on.evaluate(TOP, 'return window.appkit?.getState().initialized === true'), {
      timeout: 20_000,
    })
    .toBe(true)
  await on.evaluate(TOP, 'window.appkit.open(); return null')
  const modal = await on.frameOf(SITES.modal)
  await on.byTestId(modal, 'view-Connect')
  return modal
}

/** Back to the demo site in the site's window, as the file's other tests have it. */
async function backToDemo(): Promise<void> {
  await webkit.session.navigate(`${SITES.host}/`)
  await expect
    .poll(() => page.evaluate(TOP, 'return window.appkit?.getState().initialized === true'), {
      timeout: 20_000,
    })
    .toBe(true)
}

// First in the file: nothing connected yet, so Connect lists no recent wallet and looks the same each run.
test('Connect at the desktop size and mirrored in Arabic, each as pictured for WebKitGTK', async () => {
  try {
    let modal = await connectPage(page, {})
    await layoutOf(modal)
    await expectPicture(page, modal, 'connect-desktop.png')
    modal = await connectPage(page, { 'data-locale': 'ar' })
    expectArabicMirrored(await layoutOf(modal))
    await expectPicture(page, modal, 'connect-arabic.png')
  } finally {
    await backToDemo()
  }
})

test('the demo site opens the Connect view, and the secure frame has no IntersectionObserver v2', async () => {
  await page.evaluate(TOP, 'window.appkit.open(); return null')
  const modal = await modalFrame()
  await page.byTestId(modal, 'view-Connect')
  // The lane's premise: WebKit cannot tell whether a frame is seen whole.
  const frame = await secureFrame()
  expect(await page.evaluate(frame, 'return typeof IntersectionObserverEntry')).toBe('function')
  expect(await page.evaluate(frame, "return 'isVisible' in IntersectionObserverEntry.prototype")).toBe(false)
  await page.evaluate(TOP, 'window.appkit.close(); return null')
})

test('e-mail login, then personal_sign and eth_sendTransaction approved in the window', async () => {
  const address = await loggedIn()
  const message = `WebKitGTK signs ${randomUUID().slice(0, 8)}`
  await sendRequest('personal_sign', [message, address])
  await approveInWindow(await frameApproval(message), message)
  await expect.poll(result, AFTER_WINDOW).toHaveProperty('signature')
  const { signature } = (await result()) as { signature: string }
  expect(verifyMessage(message, signature)).toBe(address)

  await fund(address)
  const before = await balance(RECIPIENT)
  await sendRequest('eth_sendTransaction', [{ from: address, to: RECIPIENT, value: '0x38d7ea4c68000' }])
  await approveInWindow(await frameApproval(RECIPIENT), RECIPIENT)
  await expect.poll(result, { timeout: 20_000 }).toHaveProperty('signature')
  const hash = ((await result()) as { signature: string }).signature
  expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
  await expect.poll(() => receiptStatus(hash)).toBe('0x1')
  const after = await balance(RECIPIENT)
  expect(after - before).toBe(0x38d7ea4c68000n)
})

/**
 * Where the frame's primary button is on the page, once it stayed put for a second (on a loaded
 * machine the modal may still be laying out when the approval first shows, and a lure aimed at a
 * moving button misses): Approve, or where the frame may not approve, the button that opens the
 * approval window in its place.
 */
async function primaryButton(frame: FramePath): Promise<Box> {
  const selector = '[data-testid="approval-approve"], [data-testid="approval-open-window"]'
  await page.visible(frame, selector)
  let last = ''
  let since = Date.now()
  await expect
    .poll(
      async () => {
        const now = JSON.stringify(await page.boxOf(frame, selector))
        if (now !== last) since = Date.now()
        last = now
        return Date.now() - since >= 1_000
      },
      { timeout: 10_000 },
    )
    .toBe(true)
  return JSON.parse(last) as Box
}

/** Runs one of the host page's moves in the site's page. */
const perform = <T>(move: PageMove) => page.evaluate<T>(TOP, move.script, ...move.args)

/** The lured user's mouse, step by step, as one chain of WebDriver pointer actions. */
async function replay(lure: readonly LureStep[]): Promise<void> {
  const actions: PointerAction[] = []
  for (const step of lure) {
    if ('move' in step) {
      const { x, y } = step.move
      actions.push({ type: 'pointerMove', x: Math.round(x), y: Math.round(y), duration: step.duration })
    } else if ('pause' in step) actions.push({ type: 'pause', duration: step.pause })
    else {
      for (let press = 0; press < step.click; press += 1) {
        actions.push({ type: 'pointerDown', button: 0 }, { type: 'pointerUp', button: 0 })
      }
    }
  }
  await page.enter(TOP)
  await webkit.session.pointer(actions)
}

/** Closes the windows the lured clicks opened, as the user would: none of them is the one approved. */
async function closeOtherWindows(): Promise<void> {
  for (const handle of await webkit.session.windowHandles()) {
    if (handle === main) continue
    await webkit.session.switchToWindow(handle)
    await webkit.session.closeWindow()
  }
  await webkit.session.switchToWindow(main)
}

test('ATTACK: clickjacking by the host page, (a) to (d): nothing sent; the window shows the request and sends', async () => {
  // Five attacks, each with its honest approval and a transaction mined: about 40 s, 85 s at load 18.
  test.setTimeout(180_000)
  const address = await loggedIn()
  await fund(address)
  const lane: AttackLane<FramePath> = {
    sendTransfer: () =>
      sendRequest('eth_sendTransaction', [{ from: address, to: RECIPIENT, value: '0x38d7ea4c68000' }]),
    shownApproval: () => shownApproval(RECIPIENT),
    perform,
    primaryButton,
    replay,
    result,
    approveCount: (frame) => page.countTestId(frame, 'approval-approve'),
    backToPage: async () => {
      await webkit.session.switchToWindow(main)
    },
    approveInWindow: async (frame) => {
      await page.enter(TOP)
      await webkit.session.pointer([{ type: 'pointerMove', x: 5, y: 5, duration: 0 }])
      await closeOtherWindows()
      await approveInWindow(frame, RECIPIENT)
    },
  }
  for (const attack of LANE_ATTACKS)
    await test.step(attack.name, () => attackThenApprove(lane, attack, address))
})

const isConnected = () => page.evaluate<boolean>(TOP, "return window.appkit.getAccount('eip155').isConnected")

test('a browser wallet (EIP-6963) in the page: listed, connected, personal_sign goes to it and verifies, disconnected', async () => {
  // The e-mail wallet, if a test before logged in, leaves first: the site then has no account.
  await page.evaluate(TOP, 'window.appkit.disconnect(); return null')
  await expect.poll(isConnected).toBe(false)
  // An extension's content script announces its provider in the page (EIP-6963).
  await page.evaluate(TOP, `${testWalletSource()}; return null`)
  await page.click(TOP, 'connect-button')
  const modal = await modalFrame()
  expect(await page.textOf(modal, 'wallet-test.wallet')).toContain('Test Wallet')
  await page.click(modal, 'wallet-test.wallet')
  await expect
    .poll(() => page.evaluate(TOP, "return window.appkit.getAccount('eip155').address"), { timeout: 15_000 })
    .toBe(TEST_ACCOUNT)
  expect(await page.evaluate(TOP, 'return window.appkit.getState().open')).toBe(false)

  // The signature comes from the wallet (anvil's unlocked account), not the secure frame.
  const message = `WebKitGTK's browser wallet signs ${randomUUID().slice(0, 8)}`
  // As sites send it: the message's UTF-8 bytes in hex.
  await sendRequest('personal_sign', [hexlify(toUtf8Bytes(message)), TEST_ACCOUNT])
  await expect.poll(result).toHaveProperty('signature')
  const { signature } = (await result()) as { signature: string }
  expect(verifyMessage(message, signature)).toBe(TEST_ACCOUNT)

  await page.evaluate(TOP, 'window.appkit.disconnect(); return null')
  await expect.poll(isConnected).toBe(false)
})
