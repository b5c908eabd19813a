import { expect, type Page, test } from '@playwright/test'
import { loadLoader, modal } from './helpers.ts'

/** The bare page with the one-line install, and a button that counts the clicks it really gets. */
async function siteWithCountingButton(page: Page): Promise<void> {
  await loadLoader(page, { 'data-project-id': 'demo' })
  await page.waitForFunction(() => window.appkit.getState().initialized === true)
  await page.evaluate(() => {
    const button = document.getElementById('connect')
    if (!button) throw new Error('no button')
    button.dataset.clicks = '0'
    button.addEventListener('click', () => {
      button.dataset.clicks = String(Number(button.dataset.clicks) + 1)
    })
    document.addEventListener('keydown', (event) => {
      if (event.key === 'Escape')
        document.body.dataset.escapes = String(Number(document.body.dataset.escapes ?? 0) + 1)
    })
  })
}

/** Clicks where the site's button is, as a user would: whatever is on top there gets the click. */
async function clickButtonSpot(page: Page): Promise<void> {
  const box = await page.getByTestId('connect-button').boundingBox()
  if (!box) throw new Error('the button is not laid out')
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
}

test.describe('a site written for Reown AppKit', () => {
  test('an open() that fails leaves the page as it was: clicks and Escape still reach the site', async ({
    page,
  }) => {
    await siteWithCountingButton(page)
    const error = await page.evaluate(() =>
      window.appkit.open({ view: 'Nope' }).then(
        () => null,
        (e: { code: string; shortMessage: string }) => ({ code: e.code, shortMessage: e.shortMessage }),
      ),
    )
    expect(error?.code).toBe('validation_error')
    expect(await page.evaluate(() => window.appkit.getState().open)).toBe(false)

    await clickButtonSpot(page)
    await expect(page.getByTestId('connect-button')).toHaveAttribute('data-clicks', '1')
    await page.keyboard.press('Escape')
    await expect(page.locator('body')).toHaveAttribute('data-escapes', '1')
    await expect(page.locator('iframe[data-appkit-frame]')).toHaveCSS('visibility', 'hidden')

    // Refused by the loader before anything changed, with the key's path.
    expect(error?.shortMessage).toBe('Invalid open() arguments')

    // And the modal still opens and closes as before.
    await page.evaluate(() => window.appkit.open())
    await expect(modal(page).getByTestId('view-Connect')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect.poll(() => page.evaluate(() => window.appkit.getState().open)).toBe(false)
    await clickButtonSpot(page)
    await expect(page.getByTestId('connect-button')).toHaveAttribute('data-clicks', '2')
  })

  test("opens AppKit's view names on SPEC's views", async ({ page }) => {
    await siteWithCountingButton(page)
    const m = modal(page)
    for (const [appkitView, view] of [
      ['Networks', 'SwitchNetwork'],
      ['WhatIsANetwork', 'SwitchNetwork'],
      ['WhatIsAWallet', 'Connect'],
      ['AllWallets', 'AllWallets'],
      ['OnRampProviders', 'Connect'],
    ] as const) {
      await page.evaluate((name) => window.appkit.open({ view: name }), appkitView)
      await expect(m.getByTestId(`view-${view}`)).toBeVisible()
      expect(await page.evaluate(() => window.appkit.getState().view)).toBe(view)
      await page.evaluate(() => window.appkit.close())
      await expect.poll(() => page.evaluate(() => window.appkit.getState().open)).toBe(false)
    }
  })
})
