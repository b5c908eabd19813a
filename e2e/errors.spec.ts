import { type BrowserContext, expect, test } from '@playwright/test'
import { gotoReady, modal } from './helpers.ts'
import { SITES } from './sites.ts'

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

const blockNumber = (page: import('@playwright/test').Page) =>
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

  test("an API down for every retry shows 'Server Error'; the next open fetches again and the site works", async ({
    page,
    context,
  }) => {
    // The first load and SPEC §9's three retries all fail.
    const seen = await dropConfigRequests(context, 4)
    await gotoReady(page)
    expect(seen()).toBe(4)
    // Without its configuration the modal serves nothing yet.
    expect(await blockNumber(page)).not.toBe('string')
    await page.evaluate(() => window.appkit.open())
    expect(seen()).toBe(5)
    await expect(modal(page).getByTestId('view-Connect')).toBeVisible()
    await expect(modal(page).getByTestId('w3m-alert')).toHaveCount(0)
    expect(await blockNumber(page)).toBe('string')
  })
})
