import { randomUUID } from 'node:crypto'
import { expect, type Page, test } from '@playwright/test'
import { openSocialPopup, type SocialName, saveRecoveryText, submitSocialLogin } from './embeddedLogin.ts'
import { expectLogged, gotoReady, modal } from './helpers.ts'
import { SITES } from './sites.ts'

/**
 * A login through each of the six providers, in the browser, against the local stand-ins
 * that answer as the real services do (apps/local-oidc): Google by OpenID discovery; GitHub, Discord,
 * X and Facebook as plain OAuth 2 with the user read from their APIs; Apple by form_post to the API,
 * which sends the answer on to the secure frame's callback page. Each ends with the embedded wallet.
 */
const PROVIDERS: SocialName[] = ['google', 'github', 'apple', 'facebook', 'x', 'discord']

async function openConnect(page: Page): Promise<void> {
  await gotoReady(page)
  await page.getByTestId('connect-button').click()
}

const isConnected = (page: Page) => page.evaluate(() => window.appkit.getAccount('eip155').isConnected)

test.describe('social logins against the providers’ real shapes', () => {
  for (const provider of PROVIDERS) {
    test(`${provider}: the popup signs in and the embedded wallet connects`, async ({ page }) => {
      await openConnect(page)
      const popup = await openSocialPopup(page, provider)
      const posts: string[] = []
      popup.on('request', (request) => {
        if (request.method() === 'POST') posts.push(request.url())
      })
      await submitSocialLogin(popup, `${provider}-${randomUUID().slice(0, 8)}`)
      await saveRecoveryText(page)
      await expect.poll(() => isConnected(page), { timeout: 20_000 }).toBe(true)
      await expectLogged(page, 'event: CONNECT_SUCCESS')
      expect(await page.evaluate(() => window.appkit.getAccount('eip155').address)).toMatch(
        /^0x[0-9a-fA-F]{40}$/,
      )
      // AppKit's embeddedWalletInfo names the provider the user logged in with.
      expect(
        await page.evaluate(() => window.appkit.getAccount('eip155').embeddedWalletInfo?.authProvider),
      ).toBe(provider)
      // Apple answers by posting to the API (form_post); the others redirect to the frame's page.
      const toApi = posts.filter((url) => url.startsWith(`${SITES.api}/v1/auth/social/apple/callback`))
      expect(toApi).toHaveLength(provider === 'apple' ? 1 : 0)
    })
  }

  test('a tampered state in the redirect is refused with “Connection rejected”, and nobody is signed in', async ({
    page,
  }) => {
    await openConnect(page)
    const popup = await openSocialPopup(page, 'github')
    let tampered = false
    // The provider's redirect to the callback page carries another state than the one the frame started.
    // (Playwright routes no request a redirect made: the login form's POST, which answers with it, is.)
    await popup.route('**/github/login/oauth/authorize?*', async (route) => {
      if (route.request().method() !== 'POST') return route.continue()
      const answer = await route.fetch({ maxRedirects: 0 })
      const location = new URL(answer.headers().location ?? '')
      expect(location.origin + location.pathname).toBe(`${SITES.auth}/oauth-callback.html`)
      location.searchParams.set('state', randomUUID().replaceAll('-', '').repeat(2).slice(0, 43))
      tampered = true
      await route.fulfill({ status: 302, headers: { location: location.href } })
    })
    await submitSocialLogin(popup, `tamper-${randomUUID().slice(0, 8)}`)
    expect(tampered).toBe(true)
    await expect(modal(page).getByText('Connection rejected')).toBeVisible({ timeout: 15_000 })
    expect(await isConnected(page)).toBe(false)
  })

  test('an authorization request whose redirect URI was changed to another site is refused by the provider, and no code leaves it', async ({
    page,
  }) => {
    await openConnect(page)
    const popupOpened = page.waitForEvent('popup')
    const context = page.context()
    let rewritten = false
    // Changed on its way to the provider: the redirect now points at evil.test.
    await context.route('**/discord/oauth2/authorize?*', async (route) => {
      if (rewritten) return route.continue()
      rewritten = true
      const url = new URL(route.request().url())
      url.searchParams.set('redirect_uri', `${SITES.evil}/steal`)
      await route.fulfill({ status: 302, headers: { location: url.href } })
    })
    const toEvil: string[] = []
    context.on('request', (request) => {
      if (request.url().startsWith(SITES.evil)) toEvil.push(request.url())
    })
    await modal(page).getByTestId('social-discord').click()
    const popup = await popupOpened
    await expect(popup.locator('body')).toContainText(
      'The redirect_uri is not associated with this application.',
    )
    await expect(popup.locator('input[name="login"]')).toHaveCount(0)
    expect(rewritten).toBe(true)
    await popup.close()
    await expect(modal(page).getByText('Popup closed')).toBeVisible({ timeout: 5_000 })
    expect(toEvil).toEqual([])
    expect(await isConnected(page)).toBe(false)
  })
})
