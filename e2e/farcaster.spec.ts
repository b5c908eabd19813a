import { writeFileSync } from 'node:fs'
import { registerFid } from '@modalkit/local-farcaster/deployIdRegistry'
import { approveChannel } from '@modalkit/local-farcaster/testFarcasterApp'
import { expect, type Page, test } from '@playwright/test'
import { verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { approveInSecureFrame, saveRecoveryText, secureFrame } from './embeddedLogin.ts'
import { gotoReady, loadLoader, modal } from './helpers.ts'
import { LOCKS } from './locks.ts'
import { PROJECT_ID, SITES, STACK_ENV } from './sites.ts'

/**
 * Farcaster login against the local stand-ins (apps/local-farcaster): the auth relay in
 * Farcaster's HTTP protocol, the ID registry at its OP-mainnet address on the first local EVM node,
 * and a test Farcaster app that approves the modal's channel with a Sign In With Farcaster message.
 * Each test registers a fid of its own, so a login is always a new user on this device.
 */
const RELAY_URL = `http://127.0.0.1:${STACK_ENV.FARCASTER_RELAY_PORT}`
const RPC_URL = `http://127.0.0.1:${STACK_ENV.EVM_A_PORT}`
const AUTH_KEY = STACK_ENV.FARCASTER_RELAY_AUTH_KEY

const isConnected = (page: Page) => page.evaluate(() => window.appkit.getAccount('eip155').isConnected)

async function newFid() {
  const custodyKey = generatePrivateKey()
  const fid = await registerFid({ rpcUrl: RPC_URL, custody: privateKeyToAddress(custodyKey) })
  return { fid, custodyKey }
}

/** Opens ConnectingFarcaster and answers the sign-in link its QR code shows. */
async function openFarcaster(page: Page, by: 'button' | 'view' = 'view'): Promise<string> {
  if (by === 'button') {
    // A site that lists Farcaster among its socials, as AppKit's `features.socials` does.
    await loadLoader(page)
    await page.evaluate(
      (projectId) => window.appkit.init({ projectId, features: { socials: ['farcaster', 'google'] } }),
      PROJECT_ID,
    )
    await page.waitForFunction(() => window.appkit.getState().initialized === true)
    await page.evaluate(() => window.appkit.open())
    await modal(page).getByTestId('social-farcaster').click()
  } else {
    await gotoReady(page)
    await page.evaluate(() => window.appkit.open({ view: 'ConnectingFarcaster' }))
  }
  const qr = modal(page).getByTestId('farcaster-qr')
  await expect(qr).toHaveAttribute('data-url', /channelToken=/, { timeout: 20_000 })
  await expect(qr.locator('svg')).toBeVisible()
  const url = (await qr.getAttribute('data-url')) ?? ''
  // The request names the site that asked (its Request ID), not only the secure frame's domain.
  expect(new URL(url).searchParams.get('requestId')).toBe(new URL(page.url()).host)
  // The deep link is the same link; the time left shows.
  await expect(modal(page).getByTestId('farcaster-open')).toHaveAttribute('href', url)
  await expect(modal(page).getByTestId('farcaster-expiry')).toHaveText(/^Expires in \d+:\d\d$/)
  return url
}

test('the Farcaster app approves: the user is logged in with an embedded wallet that signs', async ({
  page,
}) => {
  const { fid, custodyKey } = await newFid()
  const url = await openFarcaster(page, 'button')
  await approveChannel({
    relayUrl: RELAY_URL,
    authKey: AUTH_KEY,
    url,
    fid,
    username: 'e2e',
    signWith: custodyKey,
  })
  await saveRecoveryText(page)
  await expect.poll(() => isConnected(page), { timeout: 20_000 }).toBe(true)
  const address = (await page.evaluate(() => window.appkit.getAccount('eip155').address)) as `0x${string}`
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
  // The wallet is not the custody key: the fid logs in, the embedded wallet is its own.
  expect(address.toLowerCase()).not.toBe(privateKeyToAddress(custodyKey).toLowerCase())

  const message = 'Signed after a Farcaster login'
  const signing = page.evaluate(
    ([text, from]) =>
      window.appkit.getProvider('eip155')!.request({ method: 'personal_sign', params: [text, from] }),
    [message, address] as const,
  )
  await approveInSecureFrame(page)
  const signature = (await signing) as `0x${string}`
  expect(await verifyMessage({ address, message, signature })).toBe(true)
})

test('a message signed by a key that is not the fid’s custody is refused: no session, the error shown', async ({
  page,
}) => {
  const { fid } = await newFid()
  const finishes: string[] = []
  page.on('request', (request) => {
    if (request.url().startsWith(`${SITES.api}/v1/auth/farcaster/finish`)) finishes.push(request.url())
  })
  const url = await openFarcaster(page)
  // The relay passes any signature on (as Farcaster's does): the secure frame must check the registry.
  await approveChannel({ relayUrl: RELAY_URL, authKey: AUTH_KEY, url, fid, signWith: generatePrivateKey() })
  await expect(modal(page).getByTestId('connect-error')).toHaveText('Failed to connect to farcaster', {
    timeout: 20_000,
  })
  expect(await isConnected(page)).toBe(false)
  expect(await page.evaluate(() => window.appkit.getAccount('eip155').address)).toBeUndefined()
  // The secure frame refused it itself, against the registry: the API was never asked (it would
  // refuse too: apps/api/src/auth/farcasterLogin.test.ts).
  expect(finishes).toEqual([])
})

// Alone (LOCKS.alone) and a job of its own, so the rest of the file still runs beside other tests.
test.describe('with the API clock moved on', () => {
  test.describe.configure({ mode: 'parallel', lock: LOCKS.alone })

  test('an expired channel is refused: no session, the error shown, and the app cannot approve it', async ({
    page,
  }) => {
    const { fid, custodyKey } = await newFid()
    const url = await openFarcaster(page)
    // The relay's and the API's clocks move 11 minutes on (the test stack only); back after.
    writeFileSync(STACK_ENV.AUTH_CLOCK_OFFSET_FILE, String(11 * 60_000))
    try {
      await expect(modal(page).getByTestId('connect-error')).toHaveText('Failed to connect to farcaster', {
        timeout: 20_000,
      })
      await expect(
        approveChannel({ relayUrl: RELAY_URL, authKey: AUTH_KEY, url, fid, signWith: custodyKey }),
      ).rejects.toThrow(/HTTP 401/)
    } finally {
      writeFileSync(STACK_ENV.AUTH_CLOCK_OFFSET_FILE, '0')
    }
    expect(await isConnected(page)).toBe(false)
  })
})

test('the same fid on another device: its recovery text, typed in the secure frame, brings back the same wallet', async ({
  page,
  context,
}) => {
  // Two logins (two devices) and the recovery text: over 30 s beside another worker.
  test.setTimeout(60_000)
  const { fid, custodyKey } = await newFid()
  const first = await openFarcaster(page)
  await approveChannel({ relayUrl: RELAY_URL, authKey: AUTH_KEY, url: first, fid, signWith: custodyKey })
  const recovery = await saveRecoveryText(page)
  await expect.poll(() => isConnected(page), { timeout: 20_000 }).toBe(true)
  const address = await page.evaluate(() => window.appkit.getAccount('eip155').address)

  // A second page keeps nothing of the first (the secure frame is denied storage here): a new device.
  const other = await context.newPage()
  const second = await openFarcaster(other)
  await approveChannel({ relayUrl: RELAY_URL, authKey: AUTH_KEY, url: second, fid, signWith: custodyKey })
  const frame = secureFrame(other)
  await expect(frame.getByTestId('restore')).toBeVisible({ timeout: 20_000 })
  await frame.getByTestId('recovery-input').fill(recovery)
  await frame.getByTestId('recovery-submit').click()
  await expect.poll(() => isConnected(other), { timeout: 20_000 }).toBe(true)
  expect(await other.evaluate(() => window.appkit.getAccount('eip155').address)).toBe(address)
})
