import { randomUUID } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { type BrowserContext, expect, type Page, test } from '@playwright/test'
import { logInByEmail } from './embeddedLogin.ts'
import { gotoReady, holdRequests, loadLoader, modal } from './helpers.ts'
import { LOCKS } from './locks.ts'
import { BASIC_PROJECT_ID, SITES, STACK_ENV } from './sites.ts'

/**
 * SPEC §8's alerts as a visitor meets them, each brought about by a real condition of the stack (a
 * request that fails on the wire, an expired session in the API, a site the project does not list),
 * never by injecting the message.
 */

/** Fails the modal's first `count` requests for the remote configuration on the wire; the rest pass. */
async function dropConfigRequests(context: BrowserContext, count: number): Promise<() => number> {
  let seen = 0
  await context.route(`${SITES.api}/v1/projects/*/config`, async (route) => {
    seen++
    if (seen <= count) await route.abort('connectionreset')
    else await route.continue()
  })
  return () => seen
}

const blockNumber = (page: Page) =>
  page.evaluate(() =>
    window.appkit
      .getProvider('eip155')!
      .request({ method: 'eth_blockNumber' })
      .then(
        (n) => typeof n,
        (e: { message: string }) => e.message,
      ),
  )

test.describe('the remote configuration at load', () => {
  test('one failed request is retried: the site works, with no alert', async ({ page, context }) => {
    const seen = await dropConfigRequests(context, 1)
    await gotoReady(page)
    expect(seen()).toBe(2)
    await page.evaluate(() => window.appkit.open())
    await expect(modal(page).getByTestId('view-Connect')).toBeVisible()
    await expect(modal(page).getByTestId('w3m-alert')).toHaveCount(0)
    expect(await blockNumber(page)).toBe('string')
  })

  test("an API down for every retry leaves the site unserved and the modal says 'Server Error'; once it is back, the next open fetches again and the site works", async ({
    page,
    context,
  }) => {
    // The first load and SPEC §9's three retries all fail, and so does the fetch on the first open.
    let down = true
    let seen = 0
    await context.route(`${SITES.api}/v1/projects/*/config`, async (route) => {
      seen++
      if (down) await route.abort('connectionreset')
      else await route.continue()
    })
    await gotoReady(page)
    expect(seen).toBe(4)
    // Without its configuration the modal serves nothing yet.
    expect(await blockNumber(page)).not.toBe('string')
    await page.evaluate(() => window.appkit.open())
    expect(seen).toBeGreaterThan(4)
    await expect(modal(page).getByTestId('w3m-alert')).toContainText('Server Error')
    expect(await blockNumber(page)).not.toBe('string')
    await page.evaluate(() => window.appkit.close())

    down = false
    const before = seen
    await page.evaluate(() => window.appkit.open())
    expect(seen).toBeGreaterThan(before)
    await expect(modal(page).getByTestId('view-Connect')).toBeVisible()
    await expect(modal(page).getByTestId('w3m-alert')).toHaveCount(0)
    expect(await blockNumber(page)).toBe('string')
  })
})

test.describe("a part of the modal's code that does not arrive", () => {
  test("a request whose handler's chunk fails gets the retryable 'Service Unavailable'; the chain id needs no chunk; the next request loads it", async ({
    page,
    context,
  }) => {
    let refused = 0
    await context.route(`${SITES.modal}/assets/createRpcHandler-*.js`, async (route) => {
      refused++
      await route.abort('connectionreset')
    })
    await gotoReady(page)
    const ask = (method: string) =>
      page.evaluate(
        (method) =>
          window.appkit
            .getProvider('eip155')!
            .request({ method })
            .then(
              (result) => ({ result }),
              (e: { code: unknown; message: string; data?: { code?: unknown } }) => ({
                code: e.code,
                message: e.message,
                appKitCode: e.data?.code,
              }),
            ),
        method,
      )
    // EIP-1193's internal error, with the product's own code beside it (ProviderRpcError.ts).
    expect(await ask('eth_blockNumber')).toEqual({
      code: -32603,
      message: 'Service Unavailable: try again shortly',
      appKitCode: 'service_unavailable',
    })
    expect(refused).toBeGreaterThan(0)
    expect(await ask('eth_chainId')).toEqual({ result: expect.stringMatching(/^0x[0-9a-f]+$/) })
    await context.unroute(`${SITES.modal}/assets/createRpcHandler-*.js`)
    expect(await ask('eth_blockNumber')).toEqual({ result: expect.stringMatching(/^0x[0-9a-f]+$/) })
  })
})

test.describe('a cold open while the remote configuration is on its way', () => {
  test('the page stays usable until it arrives; then the modal opens and stays open', async ({
    page,
    context,
  }) => {
    // The configuration is held on the wire, so the loader's open reaches the modal behind an init
    // that is still waiting for it (the ordering a slow API gives a visitor who clicks at once).
    const { requested, release } = await holdRequests(context, `${SITES.api}/v1/projects/*/config`)
    await loadLoader(page, { 'data-project-id': 'demo' })
    const opened = page.evaluate(() => window.appkit.open().then(() => window.appkit.getState().open))
    await requested
    await page.waitForTimeout(300)
    // No see-through overlay over the page meanwhile: its own button still takes the click.
    const frame = page.locator('iframe[data-appkit-frame]')
    await expect(frame).toHaveCSS('pointer-events', 'none')
    release()
    expect(await opened).toBe(true)
    await expect(modal(page).getByTestId('view-Connect')).toBeVisible()
    // Init's reply, which left the modal before the open did, must not close the overlay again.
    await page.waitForTimeout(500)
    expect(await page.evaluate(() => window.appkit.getState().open)).toBe(true)
    await expect(frame).toHaveCSS('opacity', '1')
    await expect(frame).toHaveCSS('pointer-events', 'auto')
  })
})

test.describe('a cold open before the core has loaded', () => {
  test("the modal's frame loads while the core does, and the core opens the modal in that same frame", async ({
    page,
    context,
  }) => {
    // A page that is never idle: the core (and, before this, the frame) waited for the click.
    await context.addInitScript(() => {
      window.requestIdleCallback = () => 0
    })
    const { release } = await holdRequests(context, `${SITES.modal}/appkit-core-*.js`)
    const navigations: string[] = []
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame()) navigations.push(frame.url())
    })
    await loadLoader(page, { 'data-project-id': 'demo' })
    const opened = page.evaluate(() => window.appkit.open().then(() => window.appkit.getState().open))
    // The core is held on the wire, and the modal's document is on its way already.
    const frame = page.locator('iframe')
    await expect(frame).toHaveCount(1)
    await expect(frame).toHaveAttribute('src', new RegExp(`^${SITES.modal}/\\?projectId=demo&`))
    await expect(frame).toHaveCSS('pointer-events', 'none')
    await expect(frame).toHaveCSS('opacity', '0')
    await frame.evaluate((element) => {
      element.setAttribute('data-started', '')
    })
    release()
    expect(await opened).toBe(true)
    await expect(modal(page).getByTestId('view-Connect')).toBeVisible()
    // Adopted, not replaced: one frame, loaded once, now the open overlay.
    await expect(page.locator('iframe')).toHaveCount(1)
    const adopted = page.locator('iframe[data-appkit-frame][data-started]')
    await expect(adopted).toHaveCSS('opacity', '1')
    await expect(adopted).toHaveCSS('pointer-events', 'auto')
    await expect(adopted).toHaveAttribute('title', 'Wallet connection')
    expect(navigations.filter((url) => url.startsWith(`${SITES.modal}/?`))).toHaveLength(1)
  })
})

test.describe('the unverified-domain alert', () => {
  test('a site the project does not list, on a project that enforces no allowlist, is served and warned', async ({
    page,
  }) => {
    // demo-basic has e-mail and socials off, so its allowlist is not enforced (SPEC §5); evil.test is not on it.
    await page.goto(`${SITES.evil}/bare.html`)
    await page.evaluate(
      ({ src, projectId }) =>
        new Promise<void>((resolve, reject) => {
          const script = document.createElement('script')
          script.src = src
          script.setAttribute('data-project-id', projectId)
          // The local chain, which the API's proxy serves.
          script.setAttribute('data-networks', 'eip155:31337')
          script.onload = () => resolve()
          script.onerror = () => reject(new Error('loader failed to load'))
          document.head.appendChild(script)
        }),
      { src: `${SITES.modal}/appkit.js`, projectId: BASIC_PROJECT_ID },
    )
    await page.waitForFunction(() => window.appkit?.getState().initialized === true)
    await page.evaluate(() => window.appkit.open())
    const m = modal(page)
    await expect(m.getByTestId('w3m-alert')).toContainText(
      'Unverified domain: this site is not verified for the project',
    )
    await expect(m.getByTestId('view-Connect')).toBeVisible()
    expect(await blockNumber(page)).toBe('string')
  })

  test('a site the project lists gets no alert', async ({ page }) => {
    await loadLoader(page, { 'data-project-id': BASIC_PROJECT_ID })
    await page.waitForFunction(() => window.appkit?.getState().initialized === true)
    await page.evaluate(() => window.appkit.open())
    await expect(modal(page).getByTestId('view-Connect')).toBeVisible()
    await expect(modal(page).getByTestId('w3m-alert')).toHaveCount(0)
  })
})

// Alone (LOCKS.alone) and a job of its own: moving the API's auth clock 8 days on expires every
// session, code and nonce the other worker's tests hold.
test.describe('the Session Expired alert', () => {
  test.describe.configure({ mode: 'parallel', lock: LOCKS.alone })
  test.setTimeout(120_000)

  test("an embedded wallet whose session the API no longer knows shows 'Session Expired'", async ({
    page,
  }) => {
    await gotoReady(page)
    await logInByEmail(page, `e2e-${randomUUID().slice(0, 8)}@example.test`)
    // The API's auth clock moves 8 days on (readClock, the test stack only): the 7-day session expired.
    writeFileSync(STACK_ENV.AUTH_CLOCK_OFFSET_FILE, String(8 * 24 * 60 * 60_000))
    try {
      await page.getByTestId('connect-button').click()
      const m = modal(page)
      // A step the secure frame does with the API session: it answers 'session_expired'.
      await m.getByTestId('account-rotate-recovery').click()
      await expect(m.getByTestId('w3m-alert')).toContainText('Session Expired', { timeout: 20_000 })
      await expect(m.getByTestId('w3m-alert')).toContainText('Check your time settings and reconnect.')
    } finally {
      writeFileSync(STACK_ENV.AUTH_CLOCK_OFFSET_FILE, '0')
    }
  })
})

test.describe('the WalletConnect relay refuses the client', () => {
  test.setTimeout(90_000)

  test("a clock 10 minutes ahead: the relay's JWT error is shown in SPEC §8's words, and no pairing hangs", async ({
    page,
  }) => {
    // The visitor's clock runs ahead: the relay-auth JWT the modal signs is issued in the future, and
    // the local relay, as the public one, closes the socket with 3000 and its validation error.
    await page.clock.install({ time: Date.now() + 10 * 60_000 })
    await gotoReady(page)
    await page.getByTestId('connect-button').click()
    const m = modal(page)
    await m.getByTestId('wallet-walletconnect').click()
    await expect(m.getByTestId('connect-error')).toContainText(
      'JWT validation error: JWT Token is not yet valid',
      { timeout: 60_000 },
    )
    // SPEC §8: the universal provider's error is also an alert ('Session Expired', as AppKit maps
    // it), shown once: dismissed, the same refusal on the next try shows only in the view.
    await expect(m.getByTestId('w3m-alert')).toContainText('Session Expired')
    await expect(m.getByTestId('w3m-alert')).toContainText('Check your time settings and reconnect.')
    await m.getByTestId('w3m-alert').getByRole('button').click()
    await expect(m.getByTestId('w3m-alert')).toHaveCount(0)
    const firstError = await m.getByTestId('connect-error').elementHandle()
    await m.getByTestId('connect-retry').click()
    // The first error is gone (the retry cleared it) before the second is read.
    await firstError?.waitForElementState('hidden')
    await expect(m.getByTestId('connect-error')).toContainText(
      'JWT validation error: JWT Token is not yet valid',
      { timeout: 60_000 },
    )
    await expect(m.getByTestId('w3m-alert')).toHaveCount(0)
  })
})
