import { randomUUID } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { verifyMessage } from 'ethers'
import {
  approveInSecureFrame,
  openSocialPopup,
  requestLoginCode,
  saveRecoveryText,
  submitSocialLogin,
} from './embeddedLogin.ts'
import { copyPairingUri, expectLogged, modal } from './helpers.ts'
import { SITES } from './sites.ts'
import { ACCOUNTS, apiSessions, gotoSiwx, isOpen, siwxTokens, view } from './siwxPage.ts'
import { connectBrowserWallet, installTestWallet } from './testWallet.ts'
import { createWalletConnectWallet, WC_SOLANA_ADDRESS, WC_SOLANA_CHAIN } from './walletConnectWallet.ts'

test.describe('sign in with X (SPEC §4)', () => {
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
    const tokens = siwxTokens(page)
    await gotoSiwx(page, '?verifier=custom')
    await connectBrowserWallet(page)
    await expectLogged(page, 'siwx getSessions: eip155:31337')
    await expect.poll(() => view(page)).toBe('SIWXSignMessage')
    await modal(page).getByTestId('siwx-sign').click()
    await expectLogged(page, 'siwx createMessage: eip155:31337')
    await expectLogged(page, `siwx addSession: eip155:31337 for ${new URL(SITES.host).host}`)
    await expectLogged(page, 'event: SIWX_AUTH_SUCCESS')
    // The API's verifier was not used: it gave this page no session.
    expect(tokens).toEqual([])
    await page.getByTestId('disconnect-button').click()
    await expectLogged(page, 'siwx revokeSession: eip155:31337')
  })

  test('a WalletConnect wallet signs in on eip155, then its Solana account signs in on Solana', async ({
    page,
  }) => {
    const wallet = await createWalletConnectWallet()
    const tokens = siwxTokens(page)
    try {
      await gotoSiwx(page)
      await page.getByTestId('connect-button').click()
      await modal(page).getByTestId('wallet-walletconnect').click()
      await wallet.pair(await copyPairingUri(page))
      await expect.poll(() => view(page), { timeout: 15_000 }).toBe('SIWXSignMessage')
      await modal(page).getByTestId('siwx-sign').click()
      await expectLogged(page, 'event: SIWX_AUTH_SUCCESS')
      await expect
        .poll(async () => (await apiSessions(tokens, 'eip155:31337', wallet.address)).length)
        .toBe(1)
      const [evm] = await apiSessions(tokens, 'eip155:31337', wallet.address)
      expect(evm && verifyMessage(evm.message, evm.signature)).toBe(wallet.address)
      expect(wallet.requests.map((r) => r.method)).toContain('personal_sign')

      // The Solana network: the same pairing's Solana account is asked, and signs with Ed25519.
      await page.evaluate((id) => window.appkit.switchNetwork(id), WC_SOLANA_CHAIN)
      await expect.poll(() => view(page), { timeout: 15_000 }).toBe('SIWXSignMessage')
      await modal(page).getByTestId('siwx-sign').click()
      await expect
        .poll(async () => (await apiSessions(tokens, WC_SOLANA_CHAIN, WC_SOLANA_ADDRESS)).length)
        .toBe(1)
      const [solana] = await apiSessions(tokens, WC_SOLANA_CHAIN, WC_SOLANA_ADDRESS)
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
    const tokens = siwxTokens(page)
    await gotoSiwx(page)
    // The code's screen says what typing it does, before the user types it.
    const code = await requestLoginCode(page, `siwx-${randomUUID().slice(0, 8)}@example.test`)
    await expect(modal(page).getByTestId('otp-signs-in')).toHaveText(
      `Logging in also signs you in to ${new URL(SITES.host).host}`,
    )
    await modal(page).getByTestId('otp-input').fill(code)
    await modal(page).getByTestId('otp-submit').click()
    await saveRecoveryText(page)
    // One approval: the login itself. No Sign button, no approval in the secure frame (no
    // one clicks one here), and the session is stored, for this site, by the account that logged in.
    await expectLogged(page, 'event: SIWX_AUTH_SUCCESS')
    const address = await page.evaluate(() => window.appkit.getAccount('eip155').address)
    await expect.poll(async () => (await apiSessions(tokens, 'eip155:31337', address)).length).toBe(1)
    const [session] = await apiSessions(tokens, 'eip155:31337', address)
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
    await expect.poll(async () => (await apiSessions(tokens, 'eip155:31338', address)).length).toBe(1)
  })

  test('a social login does not sign the site in by itself: its sign-in waits for an approval in the secure frame', async ({
    page,
  }) => {
    // A social login can finish with no typing (a provider session, a click the host page lured onto
    // the modal), so, unlike a typed e-mail code, it is no consent to the site's sign-in.
    const tokens = siwxTokens(page)
    await gotoSiwx(page)
    await page.getByTestId('connect-button').click()
    const popup = await openSocialPopup(page, 'google')
    await submitSocialLogin(popup, `siwx-social-${randomUUID().slice(0, 8)}`)
    await saveRecoveryText(page)
    await expect.poll(() => view(page), { timeout: 20_000 }).toBe('SIWXSignMessage')
    const address = await page.evaluate(() => window.appkit.getAccount('eip155').address)
    expect(await apiSessions(tokens, 'eip155:31337', address)).toEqual([])
    await modal(page).getByTestId('siwx-sign').click()
    await approveInSecureFrame(page, 'wants you to sign in with your Ethereum account')
    await expect.poll(async () => (await apiSessions(tokens, 'eip155:31337', address)).length).toBe(1)
    await expectLogged(page, 'event: SIWX_AUTH_SUCCESS')
  })
})
