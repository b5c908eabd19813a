import { randomUUID } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { hexlify, toUtf8Bytes, verifyMessage } from 'ethers'
import type { Browser, Frame, Page } from 'puppeteer-core'
import {
  AFTER_WINDOW,
  addLoaderScript,
  balance,
  DESKTOP,
  deviceApprovalLink,
  expectArabicMirrored,
  expectPhoneSheet,
  HIDE_CARET_SCRIPT,
  loginCode,
  MODAL_LAYOUT_SCRIPT,
  type ModalLayout,
  PHONE,
  PICTURE,
  RECIPIENT,
  receiptStatus,
  settledLayout,
} from '../engineLane.ts'
import { fund } from '../evmNode.ts'
import {
  type AttackLane,
  asExpression,
  attackThenApprove,
  LANE_ATTACKS,
  type LureStep,
  type PageMove,
} from '../laneLures.ts'
import type { Box } from '../lure.ts'
import { mailIds } from '../mailbox.ts'
import { SITES } from '../sites.ts'
import { TEST_ACCOUNT, testWalletSource } from '../testWallet.ts'
import { createWalletConnectWallet } from '../walletConnectWallet.ts'
import { byTestId, countTestId, frameOf, launchFirefox, readToEnd, restAndClick } from './firefoxEsr.ts'

/**
 * Firefox ESR, the engine without IntersectionObserver v2: the secure frame cannot tell whether it
 * is seen, so it never approves itself and every approval opens as a window on the secure origin
 * (SECURITY.md, clickjacking). One login serves the file's tests, in order.
 */
test.describe.configure({ mode: 'serial', timeout: 90_000 })

const EMAIL = `e2e-ff-${randomUUID().slice(0, 8)}@example.test`

let browser: Browser
let page: Page
let address: string | undefined

test.beforeAll(async () => {
  browser = await launchFirefox()
  page = await browser.newPage()
  await page.goto(`${SITES.host}/`)
  await page.waitForFunction(() => window.appkit?.getState().initialized === true, { timeout: 20_000 })
})

test.afterAll(async () => {
  await browser?.close()
})

const modalFrame = () => frameOf(page, SITES.modal)
const secureFrame = () => frameOf(page, SITES.auth)

/** The approval device link from the mail, approved in a browser context of its own (a mail app). */
async function approveDevice(seen: ReadonlySet<string>): Promise<void> {
  const link = await deviceApprovalLink(EMAIL, seen)
  const mailApp = await browser.createBrowserContext()
  const tab = await mailApp.newPage()
  await tab.goto(link)
  const button = (await tab.waitForSelector('form button ::-p-text(Approve this device)'))!
  // The approval is the button's POST. Its answer replaces the document while the click's actions
  // are still being released, which Firefox reports as a closed target: the page that follows says
  // whether it was approved.
  await button.click().catch(() => {})
  await expect
    .poll(() => tab.evaluate(() => document.body.textContent).catch(() => ''), { timeout: 15_000 })
    .toContain('Device approved')
  await mailApp.close()
}

/** Logs in by e-mail as a user does: address, device link, code, then the new wallet's recovery text. */
async function logInByEmail(): Promise<string> {
  await (await byTestId(page, 'connect-button')).click()
  const modal = await modalFrame()
  await (await byTestId(modal, 'email-input')).type(EMAIL)
  const seen = await mailIds()
  await (await byTestId(modal, 'email-submit')).click()
  await byTestId(modal, 'email-device')
  await approveDevice(seen)
  const otp = await byTestId(modal, 'otp-input')
  await otp.type(await loginCode(EMAIL, seen))
  await (await byTestId(modal, 'otp-submit')).click()
  await saveRecoveryTextInWindow(await secureFrame())
  await expect
    .poll(() => page.evaluate(() => window.appkit.getAccount('eip155').isConnected), { timeout: 20_000 })
    .toBe(true)
  return (await page.evaluate(() => window.appkit.getAccount('eip155').address))!
}

/**
 * The new wallet's recovery text: never in the secure frame inside the site's page (it cannot tell
 * whether it is seen), but in the window its button opens on the secure origin, where it is read,
 * typed back and confirmed; the window then closes.
 */
async function saveRecoveryTextInWindow(frame: Frame): Promise<void> {
  const opened = newAuthWindow()
  await (await byTestId(frame, 'recovery-open-window', 20_000)).click()
  expect(await countTestId(frame, 'recovery-text')).toBe(0)
  const popup = await opened
  expect(new URL(popup.url()).origin).toBe(SITES.auth)
  const text = await (await byTestId(popup, 'recovery-text')).evaluate((node) => node.textContent ?? '')
  expect(text).toMatch(/^mkr1-[-_A-Za-z0-9]+$/)
  await (await byTestId(popup, 'recovery-confirm-input')).type(text)
  const closed = new Promise<void>((resolve) => popup.once('close', () => resolve()))
  await restAndClick(await byTestId(popup, 'recovery-done'))
  await closed
}

/** The next window of the secure origin to open: one opened earlier is not it. */
async function newAuthWindow(): Promise<Page> {
  const earlier = new Set(browser.targets())
  const target = await browser.waitForTarget(
    (target) => !earlier.has(target) && target.type() === 'page' && target.url().startsWith(`${SITES.auth}/`),
    { timeout: 15_000 },
  )
  return (await target.page())!
}

/** The file's one login, made by whichever test needs it first (so each also runs alone with -g). */
async function loggedIn(): Promise<string> {
  address ??= await logInByEmail()
  return address
}

/** The site sends `method` through its provider; `window.__request` follows its fate. */
async function sendRequest(method: string, params: unknown[]): Promise<void> {
  await page.evaluate(
    (m, p) => {
      window.__request = 'pending'
      window.appkit
        .getProvider('eip155')!
        .request({ method: m, params: p })
        .then(
          (result) => {
            window.__request = { signature: result as string }
          },
          (error: { code: number }) => {
            window.__request = { code: error.code }
          },
        )
    },
    method,
    params,
  )
}

/** The secure frame, once it shows the approval of `text`. */
async function shownApproval(text: string): Promise<Frame> {
  const frame = await secureFrame()
  const approval = await byTestId(frame, 'approval')
  await expect.poll(() => approval.evaluate((node) => node.textContent ?? '')).toContain(text)
  return frame
}

/** The secure frame's approval for `text`, with no Approve of its own: only the window's button. */
async function frameApproval(text: string): Promise<Frame> {
  const frame = await shownApproval(text)
  await byTestId(frame, 'approval-open-window')
  expect(await countTestId(frame, 'approval-approve')).toBe(0)
  return frame
}

/** Opens the approval window from the frame's button and approves `text` there as a person does. */
async function approveInWindow(frame: Frame, text: string): Promise<void> {
  // A new window: one the attack's clicks may have opened earlier is not the one approved here.
  const opened = newAuthWindow()
  await (await byTestId(frame, 'approval-open-window')).click()
  const popup = await opened
  // A top-level window on the secure origin: nothing the host page can style or cover.
  expect(new URL(popup.url()).origin).toBe(SITES.auth)
  const approval = await byTestId(popup, 'approval')
  await expect.poll(() => approval.evaluate((node) => node.textContent ?? '')).toContain(text)
  await readToEnd(popup)
  const closed = new Promise<void>((resolve) => popup.once('close', () => resolve()))
  await restAndClick(await byTestId(popup, 'approval-approve'))
  await closed
}

const result = () => page.evaluate(() => window.__request)

/** A function body (the lanes' shared scripts, written for WebDriver's execute) as an expression. */
const asCall = (body: string) => `(() => {${body}})()`

/** The modal's layout in `frame`, once it stands still. */
const layoutOf = (frame: Frame) =>
  settledLayout(() => frame.evaluate(asCall(MODAL_LAYOUT_SCRIPT)) as Promise<ModalLayout>)

/** The page as it looks, against Firefox's own reference picture `name` (the caret hidden). */
async function expectPicture(tab: Page, modal: Frame, name: string): Promise<void> {
  await modal.evaluate(asCall(HIDE_CARET_SCRIPT))
  expect(Buffer.from(await tab.screenshot())).toMatchSnapshot(name, PICTURE)
}

/** A tab of its own on the bare demo page with the site's script tag (`attributes`), open on Connect. */
async function connectTab(
  attributes: Record<string, string>,
  viewport: { width: number; height: number } = DESKTOP,
): Promise<{ tab: Page; modal: Frame }> {
  const tab = await browser.newPage()
  await tab.setViewport(viewport)
  await tab.goto(`${SITES.host}/bare.html`)
  await tab.evaluate(asCall(addLoaderScript(attributes)))
  await tab.waitForFunction(() => window.appkit?.getState().initialized === true, { timeout: 20_000 })
  await tab.evaluate(() => window.appkit.open())
  const modal = await frameOf(tab, SITES.modal)
  await byTestId(modal, 'view-Connect')
  return { tab, modal }
}

// First in the file: nothing connected yet, so Connect lists no recent wallet and looks the same each run.
test('Connect at the desktop size, as a sheet at the phone size and mirrored in Arabic, each as pictured for Firefox', async () => {
  const desktop = await connectTab({})
  await layoutOf(desktop.modal)
  await expectPicture(desktop.tab, desktop.modal, 'connect-desktop.png')
  await desktop.tab.close()

  const phone = await connectTab({}, PHONE)
  expectPhoneSheet(await layoutOf(phone.modal), `Connect at ${PHONE.width}×${PHONE.height}`)
  await expectPicture(phone.tab, phone.modal, 'connect-phone.png')
  await phone.tab.close()

  const arabic = await connectTab({ 'data-locale': 'ar' })
  expectArabicMirrored(await layoutOf(arabic.modal))
  await expectPicture(arabic.tab, arabic.modal, 'connect-arabic.png')
  await arabic.tab.close()
})

test('the demo site opens the Connect view, and the secure frame has no IntersectionObserver v2', async () => {
  await page.evaluate(() => window.appkit.open())
  const modal = await modalFrame()
  await byTestId(modal, 'view-Connect')
  // The social logins' marks (CSS masks) arrived from the modal's own origin, as it serves them.
  const marks = () =>
    modal.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.endsWith('.svg'))
        .map(
          (entry) => `${new URL(entry.name).origin} ${(entry as PerformanceResourceTiming).responseStatus}`,
        ),
    )
  await expect.poll(async () => (await marks()).length).toBeGreaterThanOrEqual(6)
  expect(new Set(await marks())).toEqual(new Set([`${SITES.modal} 200`]))
  // The lane's premise: Firefox cannot tell whether a frame is seen whole.
  const frame = await secureFrame()
  expect(await frame.evaluate(() => typeof IntersectionObserverEntry)).toBe('function')
  expect(await frame.evaluate(() => 'isVisible' in IntersectionObserverEntry.prototype)).toBe(false)
  await page.evaluate(() => window.appkit.close())
})

test('e-mail login, then personal_sign and eth_sendTransaction approved in the window', async () => {
  const address = await loggedIn()
  const message = `Firefox ESR signs ${randomUUID().slice(0, 8)}`
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

test('at the phone size the approval shows in the sheet, and its window signs', async () => {
  const address = await loggedIn()
  await page.setViewport(PHONE)
  try {
    const message = `Firefox ESR signs on a phone ${randomUUID().slice(0, 8)}`
    await sendRequest('personal_sign', [message, address])
    const frame = await frameApproval(message)
    expectPhoneSheet(await layoutOf(await modalFrame()), 'the approval in the sheet')
    await approveInWindow(frame, message)
    await expect.poll(result, AFTER_WINDOW).toHaveProperty('signature')
    const { signature } = (await result()) as { signature: string }
    expect(verifyMessage(message, signature)).toBe(address)
  } finally {
    await page.setViewport(DESKTOP)
  }
})

/**
 * Where the frame's primary button is on the page, once it stopped moving: Approve, or where the
 * frame may not approve, the button that opens the approval window in its place.
 */
async function primaryButton(frame: Frame): Promise<Box> {
  const selector = '[data-testid="approval-approve"], [data-testid="approval-open-window"]'
  const button = (await frame.waitForSelector(selector, { visible: true }))!
  let last = ''
  await expect
    .poll(async () => {
      const now = JSON.stringify(await button.boundingBox())
      const still = now === last && now !== 'null'
      last = now
      return still
    })
    .toBe(true)
  return (await button.boundingBox())!
}

/** Runs one of the host page's moves in the site's page. */
const perform = <T>(move: PageMove) => page.evaluate(asExpression(move)) as Promise<T>

/** The lured user's mouse, step by step. */
async function replay(lure: readonly LureStep[]): Promise<void> {
  let at = { x: 0, y: 0 }
  for (const step of lure) {
    if ('move' in step) {
      at = step.move
      await page.mouse.move(at.x, at.y, { steps: step.duration > 0 ? 8 : 1 })
    } else if ('pause' in step) await new Promise((resolve) => setTimeout(resolve, step.pause))
    else await page.mouse.click(at.x, at.y, { count: step.click })
  }
}

test('ATTACK: clickjacking by the host page, (a) to (d): nothing sent; the window shows the request and sends', async () => {
  // Five attacks, each with its honest approval and a transaction mined: about 40 s, 85 s at load 18.
  test.setTimeout(180_000)
  const address = await loggedIn()
  await fund(address)
  const lane: AttackLane<Frame> = {
    sendTransfer: () =>
      sendRequest('eth_sendTransaction', [{ from: address, to: RECIPIENT, value: '0x38d7ea4c68000' }]),
    shownApproval: () => shownApproval(RECIPIENT),
    perform,
    primaryButton,
    replay,
    result,
    approveCount: (frame) => countTestId(frame, 'approval-approve'),
    backToPage: async () => {},
    approveInWindow: async (frame) => {
      await page.mouse.move(5, 5)
      await approveInWindow(frame, RECIPIENT)
    },
  }
  for (const attack of LANE_ATTACKS)
    await test.step(attack.name, () => attackThenApprove(lane, attack, address))
})

test('a browser wallet (EIP-6963) in the page: listed, connected, personal_sign goes to it and verifies, disconnected', async () => {
  // The e-mail wallet, if a test before logged in, leaves first: the site then has no account.
  await page.evaluate(() => window.appkit.disconnect())
  await expect.poll(() => page.evaluate(() => window.appkit.getAccount('eip155').isConnected)).toBe(false)
  // An extension's content script announces its provider in the page (EIP-6963).
  await page.evaluate(testWalletSource())
  await (await byTestId(page, 'connect-button')).click()
  const row = await byTestId(await modalFrame(), 'wallet-test.wallet')
  expect(await row.evaluate((node) => node.textContent)).toContain('Test Wallet')
  await row.click()
  await expect
    .poll(() => page.evaluate(() => window.appkit.getAccount('eip155').address), { timeout: 15_000 })
    .toBe(TEST_ACCOUNT)
  expect(await page.evaluate(() => window.appkit.getState().open)).toBe(false)

  // The signature comes from the wallet (anvil's unlocked account), not the secure frame.
  const message = `Firefox ESR's browser wallet signs ${randomUUID().slice(0, 8)}`
  // As sites send it: the message's UTF-8 bytes in hex.
  await sendRequest('personal_sign', [hexlify(toUtf8Bytes(message)), TEST_ACCOUNT])
  await expect.poll(result).toHaveProperty('signature')
  const { signature } = (await result()) as { signature: string }
  expect(verifyMessage(message, signature)).toBe(TEST_ACCOUNT)

  await page.evaluate(() => window.appkit.disconnect())
  await expect.poll(() => page.evaluate(() => window.appkit.getAccount('eip155').isConnected)).toBe(false)
})

test('WalletConnect: paired by the copied URI with a real sign client over the local relay; personal_sign goes to it and verifies', async () => {
  const wallet = await createWalletConnectWallet()
  try {
    await page.evaluate(() => window.appkit.disconnect())
    await expect.poll(() => page.evaluate(() => window.appkit.getAccount('eip155').isConnected)).toBe(false)
    await (await byTestId(page, 'connect-button')).click()
    const modal = await modalFrame()
    await (await byTestId(modal, 'wallet-walletconnect')).click()
    await byTestId(modal, 'wc-qr-code')
    const copy = await byTestId(modal, 'wc-copy-link')
    await copy.click()
    await expect.poll(() => copy.evaluate((node) => node.textContent)).toBe('Link copied')
    // The user pastes the link where their wallet takes it: here a field of the page, with Ctrl+V.
    await page.evaluate(() => {
      const field = document.createElement('textarea')
      field.setAttribute('data-paste', '')
      document.body.append(field)
      field.focus()
    })
    await page.keyboard.down('Control')
    await page.keyboard.press('KeyV')
    await page.keyboard.up('Control')
    const uri = await page.$eval('[data-paste]', (field) => (field as HTMLTextAreaElement).value)
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)

    await wallet.pair(uri)
    await expect
      .poll(() => page.evaluate(() => window.appkit.getAccount('eip155').address), { timeout: 20_000 })
      .toBe(wallet.address)
    const message = `Firefox ESR's WalletConnect wallet signs ${randomUUID().slice(0, 8)}`
    await sendRequest('personal_sign', [hexlify(toUtf8Bytes(message)), wallet.address])
    await expect.poll(result, { timeout: 15_000 }).toHaveProperty('signature')
    const { signature } = (await result()) as { signature: string }
    expect(verifyMessage(message, signature)).toBe(wallet.address)
    expect(wallet.requests.map((request) => request.method)).toEqual(['personal_sign'])

    await wallet.disconnectAll()
    await expect
      .poll(() => page.evaluate(() => window.appkit.getAccount('eip155').isConnected), { timeout: 10_000 })
      .toBe(false)
  } finally {
    await wallet.close()
  }
})
