import { randomUUID } from 'node:crypto'
import { expect, type Page, test } from '@playwright/test'
import { verifyMessage } from 'ethers'
import { approveInSecureFrame, logInByEmail } from './embeddedLogin.ts'
import { copyPairingUri, expectLogged, logLines, modal } from './helpers.ts'
import { SITES, STACK_ENV } from './sites.ts'
import { installTestWallet, TEST_ACCOUNT } from './testWallet.ts'
import { createWalletConnectWallet, WC_SOLANA_ADDRESS, WC_SOLANA_CHAIN } from './walletConnectWallet.ts'

/**
 * anvil's unlocked test accounts: the API keeps sessions for the whole run, so a test that must be
 * asked to sign uses an account no other test signed in with.
 */
const ACCOUNTS = {
  revisit: TEST_ACCOUNT,
  retry: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  required: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  optional: '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
  custom: '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
}

/** Sessions the API holds for an account on a chain, for the demo site (its list endpoint). */
async function apiSessions(chainId = 'eip155:31337', address = TEST_ACCOUNT) {
  const query = new URLSearchParams({ projectId: 'demo', chainId, address })
  const res = await fetch(`${STACK_ENV.API_INTERNAL_URL}/v1/siwx/sessions?${query}`, {
    headers: { 'x-modalkit-site-origin': SITES.host },
  })
  expect(res.status).toBe(200)
  return ((await res.json()) as { sessions: { message: string; signature: string }[] }).sessions
}

async function gotoSiwx(page: Page, query = '') {
  await page.goto(`/siwx.html${query}`)
  await page.waitForFunction(() => window.appkit?.getState().initialized === true)
}

const view = (page: Page) => page.evaluate(() => window.appkit.getState().view)
const isOpen = (page: Page) => page.evaluate(() => window.appkit.getState().open)

async function connectBrowserWallet(page: Page) {
  await page.getByTestId('connect-button').click()
  await modal(page).getByTestId('wallet-test.wallet').click()
  await expect.poll(() => page.evaluate(() => window.appkit.getAccount('eip155').isConnected)).toBe(true)
}

test.describe('sign in with X (SPEC §4)', () => {
  test('a browser wallet signs in on eip155: the API stores an EIP-4361 session for this site; a new visit finds it', async ({
    page,
  }) => {
    await installTestWallet(page, { account: ACCOUNTS.revisit })
    const before = (await apiSessions()).length
    await gotoSiwx(page)
    await connectBrowserWallet(page)
    await expect.poll(() => view(page)).toBe('SIWXSignMessage')
    expect(await isOpen(page)).toBe(true)
    await modal(page).getByTestId('siwx-sign').click()
    await expectLogged(page, 'event: SIWX_AUTH_SUCCESS')
    expect(await isOpen(page)).toBe(false)

    const sessions = await apiSessions()
    expect(sessions).toHaveLength(before + 1)
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
    expect(await apiSessions('eip155:31338')).toHaveLength(1)
    await page.getByTestId('disconnect-button').click()
    await expect.poll(async () => (await apiSessions('eip155:31338')).length).toBe(0)
  })

  test('a failed signature shows the error and can retry', async ({ page }) => {
    await installTestWallet(page, { account: ACCOUNTS.retry })
    await gotoSiwx(page)
    await connectBrowserWallet(page)
    await expect.poll(() => view(page)).toBe('SIWXSignMessage')
    // The wallet refuses: its next signing request fails as a user rejection would.
    await page.evaluate(() => {
      const wallet = (window as unknown as { __testWallet: { state: { connected: boolean } } }).__testWallet
      wallet.state.connected = false
    })
    await modal(page).getByTestId('siwx-sign').click()
    await expect(modal(page).getByTestId('siwx-error')).toHaveText('Error signing message')
    await expectLogged(page, 'event: SIWX_AUTH_ERROR')
    await page.evaluate(() => {
      const wallet = (window as unknown as { __testWallet: { state: { connected: boolean } } }).__testWallet
      wallet.state.connected = true
    })
    await modal(page).getByTestId('siwx-sign').click()
    await expectLogged(page, 'event: SIWX_AUTH_SUCCESS')
    await page.getByTestId('disconnect-button').click()
  })

  test('required: the modal cannot be closed without a session, and cancel disconnects', async ({ page }) => {
    await installTestWallet(page, { account: ACCOUNTS.required })
    await gotoSiwx(page, '?required=true')
    await connectBrowserWallet(page)
    await expect.poll(() => view(page)).toBe('SIWXSignMessage')
    await expect(modal(page).getByTestId('header-close')).toBeDisabled()
    await page.evaluate(() => window.appkit.close())
    await page.keyboard.press('Escape')
    expect(await isOpen(page)).toBe(true)
    expect(await view(page)).toBe('SIWXSignMessage')
    await modal(page).getByTestId('siwx-cancel').click()
    await expect.poll(() => isOpen(page)).toBe(false)
    expect(await page.evaluate(() => window.appkit.getAccount('eip155').isConnected)).toBe(false)
  })

  test('without required, cancel only closes', async ({ page }) => {
    await installTestWallet(page, { account: ACCOUNTS.optional })
    await gotoSiwx(page)
    await connectBrowserWallet(page)
    await expect.poll(() => view(page)).toBe('SIWXSignMessage')
    await modal(page).getByTestId('siwx-cancel').click()
    await expect.poll(() => isOpen(page)).toBe(false)
    expect(await page.evaluate(() => window.appkit.getAccount('eip155').isConnected)).toBe(true)
  })

  test("a site's own verifier gets its callbacks; the modal still writes the domain from the handshake", async ({
    page,
  }) => {
    await installTestWallet(page, { account: ACCOUNTS.custom })
    await gotoSiwx(page, '?verifier=custom')
    await connectBrowserWallet(page)
    await expectLogged(page, 'siwx getSessions: eip155:31337')
    await expect.poll(() => view(page)).toBe('SIWXSignMessage')
    await modal(page).getByTestId('siwx-sign').click()
    await expectLogged(page, 'siwx createMessage: eip155:31337')
    await expectLogged(page, `siwx addSession: eip155:31337 for ${new URL(SITES.host).host}`)
    await expectLogged(page, 'event: SIWX_AUTH_SUCCESS')
    // The API's verifier was not used.
    expect(await apiSessions('eip155:31337', ACCOUNTS.custom)).toEqual([])
    await page.getByTestId('disconnect-button').click()
    await expectLogged(page, 'siwx revokeSession: eip155:31337')
  })

  test('a WalletConnect wallet signs in on eip155, then its Solana account signs in on Solana', async ({
    page,
  }) => {
    const wallet = await createWalletConnectWallet()
    try {
      await gotoSiwx(page)
      await page.getByTestId('connect-button').click()
      await modal(page).getByTestId('wallet-walletconnect').click()
      await wallet.pair(await copyPairingUri(page))
      await expect.poll(() => view(page), { timeout: 15_000 }).toBe('SIWXSignMessage')
      await modal(page).getByTestId('siwx-sign').click()
      await expectLogged(page, 'event: SIWX_AUTH_SUCCESS')
      const [evm] = await apiSessions('eip155:31337', wallet.address)
      expect(evm && verifyMessage(evm.message, evm.signature)).toBe(wallet.address)
      expect(wallet.requests.map((r) => r.method)).toContain('personal_sign')

      // The Solana network: the same pairing's Solana account is asked, and signs with Ed25519.
      await page.evaluate((id) => window.appkit.switchNetwork(id), WC_SOLANA_CHAIN)
      await expect.poll(() => view(page), { timeout: 15_000 }).toBe('SIWXSignMessage')
      await modal(page).getByTestId('siwx-sign').click()
      await expect.poll(async () => (await apiSessions(WC_SOLANA_CHAIN, WC_SOLANA_ADDRESS)).length).toBe(1)
      const [solana] = await apiSessions(WC_SOLANA_CHAIN, WC_SOLANA_ADDRESS)
      expect(solana?.message).toContain(
        `wants you to sign in with your Solana account:\n${WC_SOLANA_ADDRESS}\n`,
      )
      expect(wallet.requests.map((r) => r.method)).toContain('solana_signMessage')
    } finally {
      await wallet.close()
    }
  })

  test('the embedded wallet signs in at its e-mail login with no approval of its own; a later sign-in asks in the secure frame', async ({
    page,
  }) => {
    await gotoSiwx(page)
    await logInByEmail(page, `siwx-${randomUUID().slice(0, 8)}@example.test`)
    // One approval (issue 9): the login itself. No Sign button, no approval in the secure frame (no
    // one clicks one here), and the session is stored, for this site, by the account that logged in.
    await expectLogged(page, 'event: SIWX_AUTH_SUCCESS')
    const address = await page.evaluate(() => window.appkit.getAccount('eip155').address)
    const [session] = await apiSessions('eip155:31337', address)
    expect(session?.message.split('\n')[0]).toBe(
      `${new URL(SITES.host).host} wants you to sign in with your Ethereum account:`,
    )
    expect(session && verifyMessage(session.message, session.signature)).toBe(address)
    expect(await view(page)).not.toBe('SIWXSignMessage')

    // The login's grant is spent: another network's sign-in is the user's to approve in the frame.
    await page.getByTestId('switch-button').click()
    await expect.poll(() => view(page), { timeout: 15_000 }).toBe('SIWXSignMessage')
    await modal(page).getByTestId('siwx-sign').click()
    await approveInSecureFrame(page, 'wants you to sign in with your Ethereum account')
    await expect.poll(async () => (await apiSessions('eip155:31338', address)).length).toBe(1)
  })
})
