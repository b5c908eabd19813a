import { randomUUID } from 'node:crypto'
import { type BrowserContext, type Page, test } from '@playwright/test'
import { logInByEmail } from './embeddedLogin.ts'
import { gotoReady } from './helpers.ts'
import { SITES } from './sites.ts'

export type SharedLogin = { page: Page; address: string }

/** A new user's e-mail login on the demo page; the eip155 address. */
const demoLogin = (name: string) => async (page: Page) => {
  await gotoReady(page)
  await logInByEmail(page, `e2e-${name}-${randomUUID().slice(0, 8)}@example.test`)
  const address = await page.evaluate(() => window.appkit.getAccount('eip155').address)
  if (!address) throw new Error('the login gave no eip155 address')
  return address
}

/**
 * One e-mail login for the tests of the describe (or file) it is called in, for specs that are not
 * about the login: the login is the slowest step of a test (a device approval, a code, a recovery
 * text), and its own tests (embeddedWallet.spec.ts, keyCustody.attacks.spec.ts and the engine lanes)
 * keep doing it in full. The tests run in order in the one page, logged in once before the first;
 * a failed test skips the rest, and the retry logs in anew. `logIn` replaces the demo page's e-mail
 * login (a site of the test's own), giving the account's address; `prepare` runs after it (funding,
 * a network switch). Each test takes `shared()` instead of the `page` fixture.
 */
export function logInOnce(
  name: string,
  options: {
    logIn?: (page: Page) => Promise<string>
    prepare?: (login: SharedLogin) => Promise<unknown>
  } = {},
): () => SharedLogin {
  test.describe.configure({ mode: 'serial' })
  let context: BrowserContext | undefined
  let login: SharedLogin | undefined
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(90_000)
    // A context made here does not take the config's `use`: the base URL is given as the page fixture's.
    context = await browser.newContext({ baseURL: SITES.host })
    const page = await context.newPage()
    const address = await (options.logIn ?? demoLogin(name))(page)
    login = { page, address }
    await options.prepare?.(login)
  })
  test.afterAll(async () => {
    await context?.close()
    context = undefined
    login = undefined
  })
  return () => {
    if (!login) throw new Error('logInOnce: no login (its beforeAll failed)')
    return login
  }
}
