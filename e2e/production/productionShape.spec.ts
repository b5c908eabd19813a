import { randomUUID } from 'node:crypto'
import { expect, type Page, test } from '@playwright/test'
import { verifyMessage } from 'ethers'
import { approveInSecureFrame, logInByEmail, requestLoginCode, saveRecoveryText } from '../embeddedLogin.ts'
import { copyPairingUri, gotoReady, modal } from '../helpers.ts'
import { createWalletConnectWallet } from '../walletConnectWallet.ts'
import { otherReplica, recordApiCalls, stackControl } from './stackControl.ts'

// The production shape (playwright.production.config.ts): PostgreSQL, two API replicas with one
// AUTH_SECRET behind nginx round-robin (no stickiness), and faults injected through the stack's
// control switch. Tests run in order in one worker; each leaves the stack whole again.

const newEmail = () => `prod-${randomUUID().slice(0, 8)}@example.test`
const address = (page: Page) => page.evaluate(() => window.appkit.getAccount('eip155').address)
const isConnected = (page: Page) => page.evaluate(() => window.appkit.getAccount('eip155').isConnected)

/** personal_sign from the site, approved in the secure frame; the signature is checked against `from`. */
async function signAndCheck(page: Page, from: string, message: string): Promise<void> {
  const signing = page.evaluate(
    ([text, account]) =>
      window.appkit.getProvider('eip155')!.request({ method: 'personal_sign', params: [text, account] }),
    [message, from] as const,
  )
  await approveInSecureFrame(page, message)
  expect(verifyMessage(message, (await signing) as string)).toBe(from)
}

test('a login and its wallet live in the database: a share stored by one replica is released by the other, and after both restart the same wallet signs', async ({
  page,
  context,
}) => {
  const calls = recordApiCalls(context)
  await gotoReady(page)
  await logInByEmail(page, newEmail())
  const wallet = (await address(page))!
  // No stickiness: both replicas served parts of this one login (codes, approvals, sessions, the share).
  const auth = calls.filter((c) => c.path.startsWith('/v1/auth/'))
  expect(new Set(auth.map((c) => c.replica))).toEqual(new Set(['api-1', 'api-2']))

  // The replica that stored the auth share goes away: signing needs the share from the other one.
  const stored = calls.find((c) => c.method === 'PUT' && c.path === '/v1/auth/share' && c.status === 200)
  expect(stored?.replica).toBeDefined()
  await stackControl(`${stored!.replica!}/kill`)
  const before = calls.length
  await signAndCheck(page, wallet, 'Signed while the replica that stored my share is down')
  const released = calls.slice(before).filter((c) => c.method === 'GET' && c.path === '/v1/auth/share')
  expect(released.length).toBeGreaterThan(0)
  expect(released.every((c) => c.status === 200 && c.replica === otherReplica(stored!.replica!))).toBe(true)
  await stackControl(`${stored!.replica!}/start`)

  // Both replicas restart (new processes, nothing in memory): the session, the device approval and
  // the share were in PostgreSQL, so after a reload the same wallet is connected and still signs.
  await stackControl('apis/restart')
  await gotoReady(page)
  await expect.poll(() => isConnected(page), { timeout: 20_000 }).toBe(true)
  expect(await address(page)).toBe(wallet)
  await signAndCheck(page, wallet, 'Signed after both replicas restarted')
})

test('the replica that mailed the code is killed before the code is entered: the other one finishes the login', async ({
  page,
  context,
  browser,
}) => {
  const calls = recordApiCalls(context)
  // The mail is read in a browser of its own (embeddedLogin.ts); its requests are recorded too.
  const mail = await browser.newContext()
  const mailCalls = recordApiCalls(mail)
  await gotoReady(page)
  const code = await requestLoginCode(page, newEmail(), undefined, mail)
  await mail.close()
  // The device-approval link is the request that mailed the code (approveDeviceLink).
  const approval = mailCalls.find((c) => c.path === '/v1/auth/device/approve')
  expect(approval?.status).toBe(200)
  const mailer = approval!.replica!
  await stackControl(`${mailer}/kill`)
  try {
    await modal(page).getByTestId('otp-input').fill(code)
    await modal(page).getByTestId('otp-submit').click()
    await saveRecoveryText(page)
    await expect.poll(() => isConnected(page), { timeout: 20_000 }).toBe(true)
    const verified = calls.find((c) => c.path === '/v1/auth/email/verify')
    expect(verified).toMatchObject({ status: 200, replica: otherReplica(mailer) })
    await signAndCheck(page, (await address(page))!, 'Logged in through the surviving replica')
  } finally {
    await stackControl(`${mailer}/start`)
  }
})

test('the database restarts while a login is in flight: a clear retryable error, then the same code logs in', async ({
  page,
  context,
}) => {
  const calls = recordApiCalls(context)
  await gotoReady(page)
  const code = await requestLoginCode(page, newEmail())
  const m = modal(page)
  await stackControl('postgres/stop')
  try {
    await m.getByTestId('otp-input').fill(code)
    await m.getByTestId('otp-submit').click()
    await expect(m.getByTestId('email-flow-error')).toHaveText('Service Unavailable: try again shortly', {
      timeout: 15_000,
    })
    expect(calls.find((c) => c.path === '/v1/auth/email/verify')?.status).toBe(503)
  } finally {
    await stackControl('postgres/start')
  }
  // The code was not spent by the failed try: the user presses Continue again.
  await expect(m.getByTestId('otp-input')).toHaveValue(code)
  await m.getByTestId('otp-submit').click()
  await saveRecoveryText(page)
  await expect.poll(() => isConnected(page), { timeout: 20_000 }).toBe(true)
  await signAndCheck(page, (await address(page))!, 'Logged in after the database came back')
})

test('the WalletConnect relay restarts while a session is paired: the session survives and signs after it returns', async ({
  page,
}) => {
  const wallet = await createWalletConnectWallet()
  try {
    await gotoReady(page)
    await page.getByTestId('connect-button').click()
    await modal(page).getByTestId('wallet-walletconnect').click()
    await wallet.pair(await copyPairingUri(page))
    await expect.poll(() => isConnected(page), { timeout: 15_000 }).toBe(true)
    const sign = (text: string) =>
      page.evaluate(
        ([message, from]) =>
          window.appkit.getProvider('eip155')!.request({ method: 'personal_sign', params: [message, from] }),
        [text, wallet.address] as const,
      )
    expect(verifyMessage('before the restart', (await sign('before the restart')) as string)).toBe(
      wallet.address,
    )

    await stackControl('relay/restart')
    // Both sides reconnect and subscribe again on their own; the session is the same one.
    const signature = (await sign('after the restart')) as string
    expect(verifyMessage('after the restart', signature)).toBe(wallet.address)
    expect(await isConnected(page)).toBe(true)
    expect(wallet.sessions()).toHaveLength(1)
  } finally {
    await wallet.close()
  }
})
