import { randomUUID } from 'node:crypto'
import { expect, type Page, test } from '@playwright/test'
import { bitcoinFailure as failure } from './bitcoinProvider.ts'
import { BTC_MAINNET } from './bitcoinWallet.ts'
import { approveInSecureFrame, logInByEmail, rejectInSecureFrame, secureFrame } from './embeddedLogin.ts'
import { loadLoader, modal } from './helpers.ts'
import { PROJECT_ID, SITES } from './sites.ts'

// The embedded wallet's Bitcoin address links every payment to and from it, so the host
// page (the attacker here: a site the user only logged in on) gets it only once the user allowed
// that site on the secure frame's screen, as a Bitcoin browser wallet's requestAccounts asks.

const NETWORKS = `eip155:31337,${BTC_MAINNET}`
const BITCOIN_ADDRESS = /(bc1|tb1)[02-9ac-hj-np-z]{20,}/

/** The loader on `origin`'s bare page, with an EVM network and Bitcoin mainnet. */
async function loadOn(page: Page, origin: string): Promise<void> {
  await loadLoader(page, { 'data-project-id': PROJECT_ID, 'data-networks': NETWORKS }, origin)
  await page.waitForFunction(() => window.appkit?.getState().initialized === true)
}

/**
 * Every way the host page has to learn the Bitcoin address without the user: the account and the
 * state it reads, getAccountAddresses (the provider's and the raw request), and a signature (whose
 * answer carries the address). None may give it, and none may show a screen.
 */
async function expectNothingLearnt(page: Page) {
  const read = await page.evaluate(async () => {
    const provider = window.appkit.getProvider('bip122')
    const outcome = (work: () => Promise<unknown>) =>
      work().then(
        (value) => ({ resolved: JSON.stringify(value) }),
        (error: { code?: number }) => ({ code: error.code }),
      )
    return {
      account: JSON.stringify(window.appkit.getAccount('bip122')),
      state: JSON.stringify(window.appkit.getState()),
      addresses: await outcome(() => provider.getAccountAddresses()),
      request: await outcome(() => provider.request({ method: 'getAccountAddresses', params: {} })),
    }
  })
  expect(read.account).not.toMatch(BITCOIN_ADDRESS)
  expect(read.state).not.toMatch(BITCOIN_ADDRESS)
  expect(read.addresses).not.toHaveProperty('resolved')
  expect(read.request).not.toHaveProperty('resolved')
  // A signature names its address: refused before any screen ('approval shown' if one opened).
  const screen = secureFrame(page)
    .getByTestId('approval')
    .waitFor({ state: 'visible', timeout: 10_000 })
    .then(
      () => 'approval shown' as const,
      () => 'no screen' as const,
    )
  const signed = await Promise.race([failure(page, 'signMessage', { message: 'who are you' }), screen])
  expect(signed).not.toBe('resolved')
  expect(signed).not.toBe('approval shown')
  expect(await page.evaluate(() => window.appkit.getAccount('bip122').isConnected)).toBe(false)
  await expect(secureFrame(page).getByTestId('approval')).toHaveCount(0)
}

/** The page switches to Bitcoin: the modal asks the secure frame for the address. Its error code, or 'switched'. */
const switchToBitcoin = (page: Page) =>
  page.evaluate(
    (id) =>
      window.appkit.switchNetwork(id).then(
        () => 'switched' as const,
        (error: { code?: number }) => error.code,
      ),
    BTC_MAINNET,
  )

test('ATTACK: a site the user only logged in on asks for the Bitcoin address by every path: nothing until Approve in the secure frame, 4001 on Reject, the address after Approve, and another site still nothing', async ({
  page,
}) => {
  test.setTimeout(240_000)
  const email = `e2e-btc-grant-${randomUUID().slice(0, 8)}@example.test`
  await loadOn(page, SITES.host)
  const recovery = await logInByEmail(page, email, undefined, (p) => p.evaluate(() => window.appkit.open()))
  await page.evaluate(() => window.appkit.close())

  // Logged in, nothing shared: no path gives the address, and none shows a screen.
  await expectNothingLearnt(page)

  // Asking (switching to Bitcoin) shows the secure frame's screen: Reject is 4001, still nothing.
  const cancelled = switchToBitcoin(page)
  const screen = secureFrame(page).getByTestId('approval')
  await expect(screen).toBeVisible({ timeout: 20_000 })
  await expect(screen).toContainText('wants to see your Bitcoin address')
  await expect(screen).toContainText(new URL(SITES.host).host)
  await rejectInSecureFrame(page)
  expect(await cancelled).toBe(4001)
  await page.evaluate(() => window.appkit.close())
  await expectNothingLearnt(page)

  // Approve: the site gets the address, the one the screen showed, by every path, with no new screen.
  const allowed = switchToBitcoin(page)
  await expect(screen).toBeVisible({ timeout: 20_000 })
  const shown = (await screen.textContent())?.match(BITCOIN_ADDRESS)?.[0]
  expect(shown).toMatch(/^bc1q/)
  await approveInSecureFrame(page)
  expect(await allowed).toBe('switched')
  await expect
    .poll(() => page.evaluate(() => window.appkit.getAccount('bip122').address), { timeout: 20_000 })
    .toBe(shown)
  const addresses = await page.evaluate(() => window.appkit.getProvider('bip122').getAccountAddresses())
  expect(addresses.map((a) => a.address)).toEqual([shown])
  await expect(screen).toHaveCount(0)

  // The same user on another site: the grant was for the first site only.
  await loadOn(page, SITES.third)
  await logInByEmail(page, email, recovery, (p) => p.evaluate(() => window.appkit.open()))
  await page.evaluate(() => window.appkit.close())
  await expectNothingLearnt(page)
  expect(await failure(page, 'signPSBT', { psbt: 'cHNidP8BAAoCAAAAAAAAAAAAAAAA', signInputs: [] })).not.toBe(
    'resolved',
  )
})

test('revoking: after Allow, the Account view\'s "Stop sharing my Bitcoin address" takes the site\'s grant back in the secure frame; the page learns nothing, and asking shows the screen again', async ({
  page,
}) => {
  test.setTimeout(180_000)
  await loadOn(page, SITES.host)
  await logInByEmail(page, `e2e-btc-revoke-${randomUUID().slice(0, 8)}@example.test`, undefined, (p) =>
    p.evaluate(() => window.appkit.open()),
  )
  await page.evaluate(() => window.appkit.close())
  const allowed = switchToBitcoin(page)
  const screen = secureFrame(page).getByTestId('approval')
  await expect(screen).toBeVisible({ timeout: 20_000 })
  await approveInSecureFrame(page)
  expect(await allowed).toBe('switched')
  await expect
    .poll(() => page.evaluate(() => window.appkit.getAccount('bip122').isConnected), { timeout: 20_000 })
    .toBe(true)

  // The user takes it back, in the modal's Account view, for this site (named on the button).
  await page.evaluate(() => window.appkit.open({ view: 'Account' }))
  const stop = modal(page).getByTestId('account-stop-sharing-bitcoin')
  await expect(stop).toHaveText(`Stop sharing my Bitcoin address with ${SITES.host}`)
  await stop.click()
  await expect(
    modal(page).getByText(`Your Bitcoin address is no longer shared with ${SITES.host}`),
  ).toBeVisible()
  await expect(stop).toHaveCount(0)
  await page.evaluate(() => window.appkit.close())

  // No Bitcoin account, no address by any path, a signature refused with no screen.
  await expectNothingLearnt(page)
  // The frame itself dropped the grant: asking again shows its screen (a kept grant answers silently).
  const again = switchToBitcoin(page)
  await expect(screen).toBeVisible({ timeout: 20_000 })
  await expect(screen).toContainText('wants to see your Bitcoin address')
  await rejectInSecureFrame(page)
  expect(await again).toBe(4001)
})
