import { randomUUID } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { expect, type Page, test } from '@playwright/test'
import { verifyMessage, verifyTypedData } from 'ethers'
import {
  approveInSecureFrame,
  logInByEmail,
  openSocialPopup,
  readToEnd,
  rejectInSecureFrame,
  requestLoginCode,
  saveRecoveryText,
  secureFrame,
  submitSocialLogin,
} from './embeddedLogin.ts'
import { fund } from './evmNode.ts'
import { expectLogged, gotoReady, modal } from './helpers.ts'
import { LOCKS } from './locks.ts'
import { mailIds, waitForMail } from './mailbox.ts'
import { SITES, STACK_ENV } from './sites.ts'

async function rpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await res.json()) as { result: unknown }).result
}

/**
 * Records, in every frame but the secure origin's, each message it receives: the test then checks
 * that nothing key-shaped ever reached the modal or the site.
 */
function recordMessagesOutsideSecureOrigin(page: Page) {
  return page.addInitScript((authOrigin) => {
    if (location.origin === authOrigin) return
    const seen: string[] = []
    Object.defineProperty(window, '__messages', { value: seen })
    window.addEventListener('message', (event) => {
      try {
        seen.push(JSON.stringify(event.data))
      } catch {
        seen.push(String(event.data))
      }
    })
  }, SITES.auth)
}

test.describe('the embedded wallet: e-mail login, keys in the secure frame, approvals there', () => {
  test('logs in by e-mail with device approval, gets a wallet, and signs only after an approval in the secure frame', async ({
    page,
  }) => {
    const email = `e2e-${randomUUID().slice(0, 8)}@example.test`
    await recordMessagesOutsideSecureOrigin(page)
    const shareCalls: string[] = []
    const outsideBodies: string[] = []
    page.on('request', (request) => {
      const frameUrl = request.frame().url()
      const from = frameUrl.startsWith('http') ? new URL(frameUrl).origin : frameUrl
      if (new URL(request.url()).pathname.startsWith('/v1/auth/share')) shareCalls.push(from)
      if (from !== SITES.auth) outsideBodies.push(request.postData() ?? '')
    })
    await gotoReady(page)
    await logInByEmail(page, email)
    await expectLogged(page, 'event: CONNECT_SUCCESS')
    const address = await page.evaluate(() => window.appkit.getAccount('eip155').address)
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(await page.evaluate(() => window.appkit.getAccount('solana').address)).toMatch(
      /^[1-9A-HJ-NP-Za-km-z]{32,44}$/,
    )

    // An unsafe request opens ApproveTransaction; the approval itself is in the secure frame.
    const message = 'Sign in to the demo site'
    const signing = page.evaluate(
      ([text, from]) =>
        window.appkit.getProvider('eip155')!.request({ method: 'personal_sign', params: [text, from] }),
      [message, address] as const,
    )
    const frame = secureFrame(page)
    await expect(frame.getByTestId('approval')).toBeVisible()
    await expect(modal(page).getByTestId('secure-frame-slot')).toBeVisible()
    // The secure frame lies inside the modal's card, over the room made for it, once the card settled.
    await expect
      .poll(async () => {
        const card = await modal(page).getByTestId('w3m-modal').boundingBox()
        const slot = await modal(page).getByTestId('secure-frame-slot').boundingBox()
        const frameBox = await modal(page).locator('iframe[data-testid="auth-frame"]').boundingBox()
        if (!card || !slot || !frameBox) return false
        const near = (a: number, b: number) => Math.abs(a - b) < 1.5
        return (
          near(frameBox.y, slot.y) &&
          near(frameBox.height, slot.height) &&
          frameBox.y >= card.y &&
          frameBox.y + frameBox.height <= card.y + card.height + 1
        )
      })
      .toBe(true)
    expect(await page.evaluate(() => window.appkit.getState().view)).toBe('ApproveTransaction')
    await expect(frame.getByTestId('approval')).toContainText(message)
    // Armed only after 500 ms on screen and a real pointer movement (SECURITY.md, clickjacking).
    await expect(frame.getByTestId('approval-approve')).toBeDisabled()
    await frame.getByTestId('approval').hover()
    await page.mouse.move(10, 10)
    await frame.getByTestId('approval-approve').hover()
    await expect(frame.getByTestId('approval-approve')).toBeEnabled()
    await frame.getByTestId('approval-approve').click()
    const signature = (await signing) as string
    expect(verifyMessage(message, signature)).toBe(address)
    await expect.poll(() => page.evaluate(() => window.appkit.getState().open)).toBe(false)

    // Rejecting in the frame gives the site EIP-1193 4001.
    const rejected = page.evaluate(() =>
      window.appkit
        .getProvider('eip155')!
        .request({
          method: 'personal_sign',
          params: ['0x68656c6c6f', '0x0000000000000000000000000000000000000000'],
        })
        .then(
          () => 'signed',
          (error: { code: number }) => error.code,
        ),
    )
    await expect(frame.getByTestId('approval')).toBeVisible()
    await rejectInSecureFrame(page)
    expect(await rejected).toBe(4001)

    // No key material outside the secure origin: the auth share moved only between it and the API;
    // neither the site nor the modal received or sent anything key-shaped, nor stored any.
    expect(shareCalls.length).toBeGreaterThan(0)
    expect(new Set(shareCalls)).toEqual(new Set([SITES.auth]))
    const modalFrame = page.frames().find((f) => f.url().startsWith(SITES.modal))!
    const seen = [
      ...(await page.evaluate(() => (window as unknown as { __messages: string[] }).__messages)),
      ...(await modalFrame.evaluate(() => (window as unknown as { __messages: string[] }).__messages)),
      ...outsideBodies,
      await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage })),
      await modalFrame.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage })),
    ]
    expect(seen.length).toBeGreaterThan(10)
    for (const text of seen) {
      expect(text).not.toMatch(/mkr1-|"share"|"seed"|"mnemonic"|privateKey|"authShare"/i)
      // A private key or seed as hex: 64 hex digits standing alone (hashes and signatures are not sent here).
      expect(text).not.toMatch(/(?<![0-9a-fA-F])(0x)?[0-9a-fA-F]{64}(?![0-9a-fA-F])/)
    }
  })

  test('logs in with a social account in a 600x800 popup, through the real OpenID flow', async ({ page }) => {
    await gotoReady(page)
    await page.getByTestId('connect-button').click()
    const popup = await openSocialPopup(page, 'google')
    expect(popup.viewportSize()).toMatchObject({ width: 600 })
    await submitSocialLogin(popup, `social-${Date.now()}`)
    await saveRecoveryText(page)
    await expect
      .poll(() => page.evaluate(() => window.appkit.getAccount('eip155').isConnected), { timeout: 20_000 })
      .toBe(true)
    await expectLogged(page, 'event: CONNECT_SUCCESS')
    expect(await page.evaluate(() => window.appkit.getAccount('eip155').address)).toMatch(
      /^0x[0-9a-fA-F]{40}$/,
    )
  })

  test('a device without its key share (a new device, or a browser that keeps no storage) restores the same wallet from the recovery text', async ({
    page,
  }) => {
    // Three e-mail logins, each with its device link and code: beside another worker, over 30 s.
    test.setTimeout(90_000)
    const email = `e2e-${randomUUID().slice(0, 8)}@example.test`
    await gotoReady(page)
    const recovery = await logInByEmail(page, email)
    const address = await page.evaluate(() => window.appkit.getAccount('eip155').address)
    // This Chromium denies cross-site frames storage, like Safari: after a reload the device share is gone.
    await gotoReady(page)
    expect(await page.evaluate(() => window.appkit.getAccount('eip155').isConnected)).toBe(false)
    await logInByEmail(page, email, recovery)
    expect(await page.evaluate(() => window.appkit.getAccount('eip155').address)).toBe(address)
    // Restoring does not re-split: no new text is shown, and the same one restores again.
    await expect(secureFrame(page).getByTestId('recovery')).toHaveCount(0)
    await gotoReady(page)
    await logInByEmail(page, email, recovery)
    expect(await page.evaluate(() => window.appkit.getAccount('eip155').address)).toBe(address)
  })

  test('a wrong code says “Invalid code”; the fifth wrong one burns the login request', async ({ page }) => {
    await gotoReady(page)
    const code = await requestLoginCode(page, `e2e-${randomUUID().slice(0, 8)}@example.test`)
    const m = modal(page)
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
    for (let attempt = 1; attempt <= 5; attempt++) {
      await m.getByTestId('otp-input').fill(wrong)
      await m.getByTestId('otp-submit').click()
      await expect(m.getByTestId('email-flow-error')).toHaveText(
        attempt < 5 ? 'Invalid code' : 'Too many wrong codes: start again',
      )
    }
    // The right code no longer helps: the request is spent.
    await m.getByTestId('otp-input').fill(code!)
    await m.getByTestId('otp-submit').click()
    await expect(m.getByTestId('email-flow-error')).not.toHaveText('')
    expect(await page.evaluate(() => window.appkit.getAccount('eip155').isConnected)).toBe(false)
  })

  // Alone (LOCKS.alone) and a job of its own, so the rest of the file still runs beside other tests.
  test.describe('with the API clock moved on', () => {
    test.describe.configure({ mode: 'parallel', lock: LOCKS.alone })

    test('a code entered after it expired (10 minutes) says “The code has expired”', async ({ page }) => {
      await gotoReady(page)
      const code = await requestLoginCode(page, `e2e-${randomUUID().slice(0, 8)}@example.test`)
      const m = modal(page)
      // The API's auth clock moves 11 minutes on (readClock: the test stack only); back after.
      writeFileSync(STACK_ENV.AUTH_CLOCK_OFFSET_FILE, String(11 * 60_000))
      try {
        await m.getByTestId('otp-input').fill(code)
        await m.getByTestId('otp-submit').click()
        await expect(m.getByTestId('email-flow-error')).toHaveText('The code has expired')
      } finally {
        writeFileSync(STACK_ENV.AUTH_CLOCK_OFFSET_FILE, '0')
      }
      expect(await page.evaluate(() => window.appkit.getAccount('eip155').isConnected)).toBe(false)
    })
  })

  test('sends a transaction on the local EVM node after an approval in the secure frame', async ({
    page,
  }) => {
    // A login and four requests, two of them read to their end before Approve arms.
    test.setTimeout(60_000)
    await gotoReady(page)
    await logInByEmail(page, `e2e-${randomUUID().slice(0, 8)}@example.test`)
    const address = (await page.evaluate(() => window.appkit.getAccount('eip155').address))!
    const node = `http://127.0.0.1:${STACK_ENV.EVM_A_PORT}`
    await fund(address, undefined, node)
    const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const sending = page.evaluate(
      ([from, recipient]) =>
        window.appkit.getProvider('eip155')!.request({
          method: 'eth_sendTransaction',
          params: [{ from, to: recipient, value: '0x38d7ea4c68000' }],
        }),
      [address, to] as const,
    )
    const frame = secureFrame(page)
    await expect(frame.getByTestId('approval')).toContainText(to)
    // The filled transaction's fields run below the box's fold: Approve waits until they were read.
    await readToEnd(frame.locator('.approval-fields-scroll'))
    await frame.getByTestId('approval').hover()
    await page.mouse.move(5, 5)
    await frame.getByTestId('approval-approve').hover()
    await frame.getByTestId('approval-approve').click()
    const hash = (await sending) as string
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    await expect
      .poll(
        async () =>
          ((await rpc(node, 'eth_getTransactionReceipt', [hash])) as { status?: string } | null)?.status,
      )
      .toBe('0x1')
    // SPEC §4: before the modal closed it read the native balance again (nothing else read it).
    const left = BigInt((await rpc(node, 'eth_getBalance', [address, 'latest'])) as string)
    expect(left).toBeLessThan(10n ** 18n - 0x38d7ea4c68000n)
    await expect
      .poll(() => page.evaluate(() => window.appkit.getAccount('eip155').balance))
      .toEqual({ value: left.toString(), decimals: 18, symbol: 'ETH' })

    // EIP-712 typed data: the frame shows the domain and the primary type; the signature verifies.
    const domain = { name: 'Demo', version: '1', chainId: 31337, verifyingContract: to }
    const types = { Mail: [{ name: 'contents', type: 'string' }] }
    const value = { contents: 'Hello from the demo site' }
    const typedData = JSON.stringify({
      domain,
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
          { name: 'verifyingContract', type: 'address' },
        ],
        ...types,
      },
      primaryType: 'Mail',
      message: value,
    })
    const signingTyped = page.evaluate(
      ([from, data]) =>
        window.appkit
          .getProvider('eip155')!
          .request({ method: 'eth_signTypedData_v4', params: [from, data] }),
      [address, typedData] as const,
    )
    await approveInSecureFrame(page, 'Demo')
    expect(verifyTypedData(domain, types, value, (await signingTyped) as string)).toBe(address)

    // SPEC §4: closing the modal while a request waits for its approval rejects it: 'Modal closed'.
    const closing = page.evaluate(
      (from) =>
        window.appkit
          .getProvider('eip155')!
          .request({ method: 'personal_sign', params: ['0x68690a', from] })
          .then(
            () => 'signed',
            (e: { code: number; message: string }) => ({ code: e.code, message: e.message }),
          ),
      address,
    )
    await expect(secureFrame(page).getByTestId('approval')).toBeVisible()
    await page.evaluate(() => window.appkit.close())
    expect(await closing).toEqual({ code: 4001, message: 'Modal closed' })
    await expect(secureFrame(page).getByTestId('approval')).toBeHidden()
  })

  test('the embedded wallet frame that never loads gives “Network Error - Could not load embedded wallet” after 20 s', async ({
    page,
  }) => {
    test.setTimeout(60_000)
    // The secure origin unreachable, as on a network that blocks it.
    await page.context().route(`${SITES.auth}/**`, (route) => route.abort())
    await gotoReady(page)
    await page.getByTestId('connect-button').click()
    const m = modal(page)
    await m.getByTestId('email-input').fill(`e2e-${randomUUID().slice(0, 8)}@example.test`)
    await m.getByTestId('email-submit').click()
    await expect(m.getByTestId('email-flow-error')).toHaveText(
      'Network Error - Could not load embedded wallet',
      {
        timeout: 30_000,
      },
    )
    expect(await page.evaluate(() => window.appkit.getAccount('eip155').isConnected)).toBe(false)
  })

  test('updates the wallet e-mail with a code to the current address, then one to the new address', async ({
    page,
  }) => {
    // A login, then two codes by mail: over 30 s beside another worker.
    test.setTimeout(60_000)
    const email = `e2e-${randomUUID().slice(0, 8)}@example.test`
    const next = `e2e-${randomUUID().slice(0, 8)}@example.test`
    await gotoReady(page)
    await logInByEmail(page, email)
    await page.getByTestId('connect-button').click()
    const m = modal(page)
    await m.getByTestId('account-update-email').click()
    await expect(m.getByTestId('view-UpdateEmailWallet')).toContainText(email)
    const seen = await mailIds()
    await m.getByTestId('email-input').fill(next)
    await m.getByTestId('email-submit').click()
    await expect(m.getByTestId('update-otp-hint')).toHaveText(`Enter the code we sent to ${email}`)
    const first = await waitForMail(email, /Confirm your e-mail change/, seen)
    await m.getByTestId('update-otp-input').fill(/: (\d{6})\b/.exec(first.text)![1]!)
    await m.getByTestId('update-otp-submit').click()
    await expect(m.getByTestId('update-otp-hint')).toHaveText(`Enter the code we sent to ${next}`)
    const second = await waitForMail(next, /Confirm your e-mail change/, seen)
    await m.getByTestId('update-otp-input').fill(/: (\d{6})\b/.exec(second.text)![1]!)
    await m.getByTestId('update-otp-submit').click()
    await expect(m.getByTestId('update-email-done')).toHaveText(`Your wallet's e-mail is now ${next}`)
  })

  test('closing the social popup ends the attempt with “Popup closed”', async ({ page }) => {
    await gotoReady(page)
    await page.getByTestId('connect-button').click()
    const popup = await openSocialPopup(page, 'github')
    await popup.close()
    await expect(modal(page).getByText('Popup closed')).toBeVisible({ timeout: 5_000 })
    expect(await page.evaluate(() => window.appkit.getAccount('eip155').isConnected)).toBe(false)
  })

  test('a new e-mail login within 30 s of the previous one is refused with the seconds left', async ({
    page,
  }) => {
    await gotoReady(page)
    await page.getByTestId('connect-button').click()
    const m = modal(page)
    await m.getByTestId('email-input').fill(`e2e-${randomUUID().slice(0, 8)}@example.test`)
    await m.getByTestId('email-submit').click()
    await expect(m.getByTestId('view-EmailLogin')).toBeVisible()
    await m.getByRole('button', { name: 'Back' }).click()
    await m.getByTestId('email-input').fill(`e2e-${randomUUID().slice(0, 8)}@example.test`)
    await m.getByTestId('email-submit').click()
    // The seconds left of the 30 s, counted from the first request (a busy machine takes a few).
    await expect(m.getByTestId('email-error')).toHaveText(/^Please try again after (30|2\d) seconds$/)
  })
})
