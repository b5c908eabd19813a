import { expect, test } from '@playwright/test'
import { verifyMessage } from 'ethers'
import { expectLogged, logLines, modal } from './helpers.ts'
import { SITES } from './sites.ts'
import { ACCOUNTS, apiSessions, gotoSiwx, isOpen, siwxTokens, view } from './siwxPage.ts'
import { connectBrowserWallet, installTestWallet, TEST_ACCOUNT } from './testWallet.ts'

// A new visit finds its session through the token the sign-in left in the modal origin's storage: run
// where cross-site frames keep storage (partitioned per site, as in Chrome). Where storage is denied
// the token lives in memory and a reload asks to sign in again.
test.describe('sign in with X (SPEC §4): a new visit', () => {
  test('a browser wallet signs in on eip155: the API stores an EIP-4361 session for this site; a new visit finds it', async ({
    page,
  }) => {
    await installTestWallet(page, { account: ACCOUNTS.revisit })
    const tokens = siwxTokens(page)
    await gotoSiwx(page)
    await connectBrowserWallet(page)
    await expect.poll(() => view(page)).toBe('SIWXSignMessage')
    expect(await isOpen(page)).toBe(true)
    await modal(page).getByTestId('siwx-sign').click()
    await expectLogged(page, 'event: SIWX_AUTH_SUCCESS')
    expect(await isOpen(page)).toBe(false)

    await expect.poll(async () => (await apiSessions(tokens)).length).toBe(1)
    const sessions = await apiSessions(tokens)
    const { message, signature } = sessions[0]!
    const host = new URL(SITES.host).host
    expect(message.split('\n').slice(0, 4)).toEqual([
      `${host} wants you to sign in with your Ethereum account:`,
      TEST_ACCOUNT,
      '',
      'Sign in to the demo site',
    ])
    expect(message).toContain(`\nURI: ${SITES.host}\nVersion: 1\nChain ID: 31337\nNonce: `)
    expect(verifyMessage(message, signature)).toBe(TEST_ACCOUNT)

    // A reload (the page's state is gone): the wallet reconnects by itself and the session is found,
    // so nothing is asked.
    await gotoSiwx(page)
    await expect.poll(() => page.evaluate(() => window.appkit.getAccount('eip155').isConnected)).toBe(true)
    await expect.poll(() => isOpen(page)).toBe(false)
    expect(await logLines(page)).not.toContain('event: SIWX_AUTH_SUCCESS')
    expect(await view(page)).not.toBe('SIWXSignMessage')

    // Another network has no session: switching asks again; disconnecting revokes what was signed.
    await page.getByTestId('switch-button').click()
    await expect.poll(() => view(page)).toBe('SIWXSignMessage')
    await modal(page).getByTestId('siwx-sign').click()
    await expectLogged(page, 'event: SIWX_AUTH_SUCCESS')
    await expect.poll(async () => (await apiSessions(tokens, 'eip155:31338')).length).toBe(1)
    await page.getByTestId('disconnect-button').click()
    await expect.poll(async () => (await apiSessions(tokens, 'eip155:31338')).length).toBe(0)
  })
})
