import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { shareReplaceTypedData } from '@modalkit/protocol'
import { expect, type Frame, type Page, test } from '@playwright/test'
import { type HDNodeWallet, verifyMessage, Wallet } from 'ethers'
import {
  approveInSecureFrame,
  logInByEmail,
  requestLoginCode,
  restAndClick,
  secureFrame,
} from './embeddedLogin.ts'
import { gotoReady, modal } from './helpers.ts'
import { LOCKS } from './locks.ts'
import { mailIds, waitForMail } from './mailbox.ts'
import { SITES, STACK_ENV } from './sites.ts'

/** The account's EIP-712 signature over a share replacement, as the secure frame makes it. */
const sign712 = (
  signer: Pick<Wallet | HDNodeWallet, 'signTypedData'>,
  { domain, types, message }: ReturnType<typeof shareReplaceTypedData>,
) => signer.signTypedData(domain, types, message)

// Nothing ever invalidates a user's keys (docs/security.md, H4/H5). The HOST PAGE is the attacker. Runs in
// the `storage-partitioned` project (playwright.config.ts): the secure frame keeps a device share per
// top-level site, as in Chrome, so what one site does to the keys is seen on the others.

const connected = (page: Page) => page.evaluate(() => window.appkit.getAccount('eip155').isConnected)
const addressOf = (page: Page) => page.evaluate(() => window.appkit.getAccount('eip155').address)
const fresh = () => `e2e-keys-${randomUUID().slice(0, 8)}@example.test`

// Each test logs in a user of its own, so each is a job of its own: the one that moves the API's clock
// runs alone (LOCKS.alone) without holding the others back.
test.describe.configure({ mode: 'parallel' })

/** The secure frame as a Frame (to read its own storage, as only a test can). */
const authFrame = (page: Page): Frame => {
  const frame = page.frames().find((f) => f.url().startsWith(`${SITES.auth}/`))
  if (!frame) throw new Error('no secure frame on the page')
  return frame
}

/** A personal_sign from the site, approved in the secure frame; the signature must be the wallet's. */
async function signs(page: Page, address: string): Promise<void> {
  const message = `still mine ${randomUUID()}`
  const signing = page.evaluate(
    ([text, from]) =>
      window.appkit.getProvider('eip155')!.request({ method: 'personal_sign', params: [text, from] }),
    [message, address] as const,
  )
  await approveInSecureFrame(page, message)
  expect(verifyMessage(message, (await signing) as string)).toBe(address)
}

test('a hostile site that reloads while a restore finishes cannot invalidate the keys: the first site opens without recovery, the recovery text still restores a third', async ({
  page,
}) => {
  test.setTimeout(150_000)
  const email = fresh()
  // 1. host.test: the wallet is made; the user keeps its recovery text T1.
  await gotoReady(page, `${SITES.host}/`)
  const t1 = await logInByEmail(page, email)
  const address = await addressOf(page)

  // 2. attacker.test (an allowed site turned hostile): the user restores there with T1, and the page
  // reloads itself at the moment the restore finishes (before the fix, when the new recovery text
  // was on screen: it was never seen, and the auth share had already been replaced).
  await gotoReady(page, `${SITES.attacker}/`)
  const code = await requestLoginCode(page, email)
  const m = modal(page)
  await m.getByTestId('otp-input').fill(code)
  await m.getByTestId('otp-submit').click()
  await secureFrame(page).getByTestId('recovery-input').fill(t1)
  await secureFrame(page).getByTestId('recovery-submit').click()
  await expect
    .poll(
      async () =>
        (await secureFrame(page).getByTestId('recovery-text').count()) > 0 || (await connected(page)),
      {
        timeout: 20_000,
      },
    )
    .toBe(true)
  await page.reload()

  // 3. Back on host.test: its device share still opens the wallet, with no recovery asked, and signs.
  await gotoReady(page, `${SITES.host}/`)
  await expect.poll(() => connected(page), { timeout: 20_000 }).toBe(true)
  expect(await addressOf(page)).toBe(address)
  await signs(page, address!)

  // 4. A third site, a new device share: T1 still restores the same wallet.
  await gotoReady(page, `${SITES.third}/`)
  await logInByEmail(page, email, t1)
  expect(await addressOf(page)).toBe(address)
})

test('a forged auth-share replacement is refused by the API (no signature, another key, a replayed nonce, an expired one); the wallet still signs', {
  lock: LOCKS.alone,
}, async ({ page }) => {
  test.setTimeout(90_000)
  await gotoReady(page, `${SITES.host}/`)
  await logInByEmail(page, fresh())
  const address = (await addressOf(page))!
  // A real session token from a real login, as the attacker with the token would hold it.
  const token = await authFrame(page).evaluate(() =>
    localStorage.getItem('@appkit-wallet/@modalkit-frame/session'),
  )
  expect(token).toMatch(/^[-_A-Za-z0-9]{32,}$/)
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${STACK_ENV.API_INTERNAL_URL}/v1/auth/share${path}`, {
      method,
      // The secure frame's origin, which the API demands for shares (a page script could not send it).
      headers: { origin: SITES.auth, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    return {
      status: res.status,
      body: (await res.json()) as { error?: { code: string }; nonce?: string; share?: string },
    }
  }
  const before = (await call('GET', '')).body.share
  expect(before).toBeTruthy()
  const share = randomBytes(33).toString('base64')
  const nonce = async () => {
    const reply = await call('POST', '/nonce')
    expect(reply.status).toBe(200)
    return reply.body as { nonce: string; expiresAt: number }
  }
  const signWith = (
    signer: Pick<Wallet | HDNodeWallet, 'signTypedData'>,
    n: { nonce: string; expiresAt: number },
    userId: string,
  ) =>
    sign712(
      signer,
      shareReplaceTypedData({
        userId,
        shareSha256: createHash('sha256').update(Buffer.from(share, 'base64')).digest('hex'),
        ...n,
      }),
    )
  const session = await fetch(`${STACK_ENV.API_INTERNAL_URL}/v1/auth/session`, {
    headers: { origin: SITES.auth, authorization: `Bearer ${token}` },
  })
  const { userId } = ((await session.json()) as { user: { userId: string } }).user

  // No signature: the old replace-by-token, and the new endpoint without one.
  const byToken = await call('PUT', '', { share, replace: true })
  expect(byToken.status).toBe(400)
  const unsigned = await call('POST', '/replace', { share, nonce: (await nonce()).nonce })
  expect(unsigned).toMatchObject({ status: 400, body: { error: { code: 'validation_error' } } })
  // Another key's signature over exactly this replacement.
  const n1 = await nonce()
  const otherKey = await call('POST', '/replace', {
    share,
    nonce: n1.nonce,
    signature: await signWith(Wallet.createRandom(), n1, userId),
  })
  expect(otherKey).toMatchObject({ status: 403, body: { error: { code: 'invalid_signature' } } })
  // The same nonce again: spent by the refused attempt.
  const replayed = await call('POST', '/replace', {
    share,
    nonce: n1.nonce,
    signature: await signWith(Wallet.createRandom(), n1, userId),
  })
  expect(replayed).toMatchObject({ status: 403, body: { error: { code: 'invalid_nonce' } } })
  // A nonce past its 5 minutes (the API's test clock moved 6 minutes on, then back).
  const n2 = await nonce()
  writeFileSync(STACK_ENV.AUTH_CLOCK_OFFSET_FILE, String(6 * 60_000))
  try {
    const expired = await call('POST', '/replace', {
      share,
      nonce: n2.nonce,
      signature: await signWith(Wallet.createRandom(), n2, userId),
    })
    expect(expired).toMatchObject({ status: 403, body: { error: { code: 'invalid_nonce' } } })
  } finally {
    writeFileSync(STACK_ENV.AUTH_CLOCK_OFFSET_FILE, '0')
  }

  // The share is the one the wallet made, and the wallet signs.
  expect((await call('GET', '')).body.share).toBe(before)
  await signs(page, address)
})

test('a page that reloads while a new wallet shows its recovery text cannot skip the confirmation: the next login asks for the same text, typed back in the secure frame', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const email = fresh()
  await gotoReady(page, `${SITES.host}/`)
  const code = await requestLoginCode(page, email)
  // After the modal stored its login's start (at the submit, before the code came): on a busy machine
  // the submit comes seconds after the page is ready, and a wait counted from before it ended early.
  const startedAt = Date.now()
  await modal(page).getByTestId('otp-input').fill(code)
  await modal(page).getByTestId('otp-submit').click()
  const frame = secureFrame(page)
  await expect(frame.getByTestId('recovery-text')).toBeVisible({ timeout: 20_000 })
  const text = (await frame.getByTestId('recovery-text').textContent()) ?? ''
  await page.reload() // the host page, at the moment the text is on screen
  await page.waitForFunction(() => window.appkit?.getState().initialized === true)
  await page.waitForTimeout(2_000) // the modal's restore answer
  expect(await connected(page)).toBe(false)

  // This device is approved now: only the code, then the same text, which must be typed back. (The
  // modal refuses a new e-mail login within 30 s of the last one, SPEC §5: that time passes first.)
  await page.waitForTimeout(Math.max(0, startedAt + 31_000 - Date.now()))
  await page.getByTestId('connect-button').click()
  await modal(page).getByTestId('email-input').fill(email)
  const seen = await mailIds()
  await modal(page).getByTestId('email-submit').click()
  const again = /code is (\d{6})\b/.exec((await waitForMail(email, /Your login code/, seen)).text)?.[1]
  await modal(page).getByTestId('otp-input').fill(again!)
  await modal(page).getByTestId('otp-submit').click()
  await expect(frame.getByTestId('recovery-text')).toHaveText(text, { timeout: 20_000 })
  expect(await connected(page)).toBe(false)
  await frame.getByTestId('recovery-confirm-input').fill(`${text}x`)
  await restAndClick(frame.getByTestId('recovery-done'))
  await expect(frame.getByTestId('recovery-error')).toContainText('not the recovery text')
  expect(await connected(page)).toBe(false)
  await frame.getByTestId('recovery-confirm-input').fill(text)
  await restAndClick(frame.getByTestId('recovery-done'))
  await expect.poll(() => connected(page), { timeout: 20_000 }).toBe(true)
})

/** Account's "New recovery text": the new text shows in the secure frame, never in the modal. */
async function startRotation(page: Page, old: string): Promise<string> {
  await page.getByTestId('connect-button').click()
  const m = modal(page)
  await m.getByTestId('account-rotate-recovery').click()
  const frame = secureFrame(page)
  await expect(frame.getByTestId('recovery-text')).toBeVisible({ timeout: 20_000 })
  const text = (await frame.getByTestId('recovery-text').textContent()) ?? ''
  expect(text).toMatch(/^mkr1-[-_A-Za-z0-9]+$/)
  expect(text).not.toBe(old)
  await expect(m.locator('body')).not.toContainText(text)
  return text
}

test('rotating the recovery text from Account: a reload before confirming leaves the old text valid; once the new one is typed back it restores another site and the old one is refused', async ({
  page,
}) => {
  test.setTimeout(240_000)
  const email = fresh()
  await gotoReady(page, `${SITES.host}/`)
  const t1 = await logInByEmail(page, email)
  const address = await addressOf(page)

  // 1. A rotation the page cuts short (a reload while the new text is on screen): nothing changed.
  await startRotation(page, t1)
  await page.reload()
  await gotoReady(page, `${SITES.third}/`)
  await logInByEmail(page, email, t1)
  expect(await addressOf(page)).toBe(address)

  // 2. Back on host.test (its device share opens the wallet). Closing the modal mid-rotation gives it
  // up: the frame's screen goes with it (it stayed, hidden, and came back on the next open).
  await gotoReady(page, `${SITES.host}/`)
  await expect.poll(() => connected(page), { timeout: 20_000 }).toBe(true)
  await startRotation(page, t1)
  await page.evaluate(() => window.appkit?.close())
  await expect(secureFrame(page).getByTestId('recovery')).toHaveCount(0)
  await expect(modal(page).getByTestId('w3m-toast')).toContainText('The recovery text was not changed')
  // Rotate again, and type the new text back.
  const t2 = await startRotation(page, t1)
  const frame = secureFrame(page)
  await frame.getByTestId('recovery-confirm-input').fill(t2)
  await restAndClick(frame.getByTestId('recovery-done'))
  await expect(frame.getByTestId('recovery')).toHaveCount(0)
  await expect(modal(page).getByTestId('w3m-toast')).toContainText('New recovery text saved', {
    timeout: 20_000,
  })
  await signs(page, address!)

  // 3. A site with no device share yet: T1 is refused with the frame's error, T2 restores the wallet.
  await gotoReady(page, `${SITES.attacker}/`)
  const code = await requestLoginCode(page, email)
  const m = modal(page)
  await m.getByTestId('otp-input').fill(code)
  await m.getByTestId('otp-submit').click()
  await expect(secureFrame(page).getByTestId('restore')).toBeVisible({ timeout: 20_000 })
  await secureFrame(page).getByTestId('recovery-input').fill(t1)
  await secureFrame(page).getByTestId('recovery-submit').click()
  await expect(secureFrame(page).getByTestId('restore-error')).toHaveText('Failed to connect', {
    timeout: 20_000,
  })
  expect(await connected(page)).toBe(false)
  await secureFrame(page).getByTestId('recovery-input').fill(t2)
  await secureFrame(page).getByTestId('recovery-submit').click()
  await expect.poll(() => connected(page), { timeout: 20_000 }).toBe(true)
  expect(await addressOf(page)).toBe(address)
})
