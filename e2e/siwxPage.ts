import { expect, type Page } from '@playwright/test'
import { SITES, STACK_ENV } from './sites.ts'
import { TEST_ACCOUNT } from './testWallet.ts'

/**
 * anvil's unlocked test accounts, one per test: a test that must be asked to sign uses an account no
 * other test signed in with.
 */
export const ACCOUNTS = {
  revisit: TEST_ACCOUNT,
  retry: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  required: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  optional: '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
  custom: '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
}

/**
 * The tokens the API gave this page's sign-ins (the replies of `POST /v1/siwx/sessions`), read off
 * the wire as the modal reads them: the API lists a session only to who holds its token.
 */
export function siwxTokens(page: Page): string[] {
  const tokens: string[] = []
  page.on('response', async (res) => {
    const url = new URL(res.url())
    if (res.request().method() !== 'POST' || url.pathname !== '/v1/siwx/sessions' || !res.ok()) return
    tokens.push(((await res.json()) as { token: string }).token)
  })
  return tokens
}

/** Sessions the API holds for an account on a chain, for the demo site, of the tokens given. */
export async function apiSessions(tokens: string[], chainId = 'eip155:31337', address = TEST_ACCOUNT) {
  if (tokens.length === 0) return []
  const query = new URLSearchParams({ projectId: 'demo', chainId, address })
  const res = await fetch(`${STACK_ENV.API_INTERNAL_URL}/v1/siwx/sessions?${query}`, {
    headers: { 'x-modalkit-site-origin': SITES.host, 'x-modalkit-siwx-tokens': tokens.join(',') },
  })
  expect(res.status).toBe(200)
  return ((await res.json()) as { sessions: { message: string; signature: string }[] }).sessions
}

export async function gotoSiwx(page: Page, query = '') {
  await page.goto(`/siwx.html${query}`)
  await page.waitForFunction(() => window.appkit?.getState().initialized === true)
}

export const view = (page: Page) => page.evaluate(() => window.appkit.getState().view)
export const isOpen = (page: Page) => page.evaluate(() => window.appkit.getState().open)
