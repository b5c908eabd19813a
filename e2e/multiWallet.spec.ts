import { expect, type Page, test } from '@playwright/test'
import { hexlify, toUtf8Bytes, verifyMessage } from 'ethers'
import { copyPairingUri, gotoReady, loadLoader, modal } from './helpers.ts'
import { installTestWallet, TEST_ACCOUNT } from './testWallet.ts'
import { createWalletConnectWallet } from './walletConnectWallet.ts'

type WalletConnectWallet = Awaited<ReturnType<typeof createWalletConnectWallet>>

const INJECTED = 'eip155-ANNOUNCED:test.wallet'
const WALLET_CONNECT = 'eip155-WALLET_CONNECT'

const evmAddress = (page: Page) => page.evaluate(() => window.appkit.getAccount('eip155').address)

/** personal_sign from the host page's provider; answers who signed. */
async function signer(page: Page): Promise<string> {
  const message = 'Which wallet signs?'
  // As hex, which every wallet reads as the message's bytes (a node's eth_sign requires it).
  const signature = await page.evaluate(
    ([text]) => {
      const provider = window.appkit.getProvider('eip155')!
      return provider
        .request({ method: 'eth_accounts' })
        .then((accounts) =>
          provider.request({ method: 'personal_sign', params: [text, (accounts as string[])[0]] }),
        )
    },
    [hexlify(toUtf8Bytes(message))] as const,
  )
  return verifyMessage(message, signature as string)
}

async function pairWalletConnect(page: Page, wallet: WalletConnectWallet) {
  await modal(page).getByTestId('wallet-walletconnect').click()
  await wallet.pair(await copyPairingUri(page))
  await expect.poll(() => evmAddress(page), { timeout: 15_000 }).toBe(wallet.address)
}

async function openProfileWallets(page: Page) {
  await page.evaluate(() => window.appkit.open())
  await modal(page).getByTestId('account-wallets').click()
  await expect(modal(page).getByTestId('view-ProfileWallets')).toBeVisible()
}

test.describe('several wallets at once (multiWallet)', () => {
  let wallet: WalletConnectWallet
  test.beforeEach(async ({ page }) => {
    await installTestWallet(page)
    wallet = await createWalletConnectWallet()
  })
  test.afterEach(async () => {
    await wallet.close()
  })

  test('a second wallet connects beside the first; ProfileWallets switches the active one, and requests follow it', async ({
    page,
  }) => {
    await gotoReady(page)
    await page.getByTestId('connect-button').click()
    await modal(page).getByTestId('wallet-test.wallet').click()
    await expect.poll(() => evmAddress(page)).toBe(TEST_ACCOUNT)

    await openProfileWallets(page)
    await expect(modal(page).getByTestId(`profile-wallet-${INJECTED}`)).toContainText('ACTIVE')
    await modal(page).getByTestId('profile-add-wallet').click()
    await pairWalletConnect(page, wallet)
    expect(await signer(page)).toBe(wallet.address)
    expect(wallet.requests.map((r) => r.method)).toEqual(['personal_sign'])

    await openProfileWallets(page)
    await expect(modal(page).getByTestId(`profile-wallet-${WALLET_CONNECT}`)).toContainText('ACTIVE')
    await expect(modal(page).getByTestId(`profile-wallet-${INJECTED}`)).not.toContainText('ACTIVE')
    await expect(modal(page).getByTestId('profile-solana-WALLET_CONNECT')).toHaveCount(0)
    await expect(modal(page).getByTestId('profile-wallet-solana-WALLET_CONNECT')).toBeVisible()
    // While set aside, the browser wallet moves to the other chain: made active again, it is there.
    await page.evaluate(
      `window.__testWallet.state.chainId = '0x7a6a'; window.__testWallet.emit('chainChanged', '0x7a6a')`,
    )
    await modal(page).getByTestId(`profile-wallet-${INJECTED}`).click()
    await expect.poll(() => evmAddress(page)).toBe(TEST_ACCOUNT)
    expect(await page.evaluate(() => window.appkit.getCaipNetwork()?.caipNetworkId)).toBe('eip155:31338')
    // The browser wallet signs again, in the host page; the WalletConnect wallet is not asked.
    expect(await signer(page)).toBe(TEST_ACCOUNT)
    expect(wallet.requests.map((r) => r.method)).toEqual(['personal_sign'])

    // Disconnecting the inactive WalletConnect wallet ends its session; the browser wallet stays.
    await modal(page).getByTestId(`profile-disconnect-${WALLET_CONNECT}`).click()
    await expect(modal(page).getByTestId(`profile-wallet-${WALLET_CONNECT}`)).toHaveCount(0)
    await expect
      .poll(() => page.evaluate(() => window.appkit.getAccount('solana').isConnected), { timeout: 10_000 })
      .toBe(false)
    expect(await evmAddress(page)).toBe(TEST_ACCOUNT)

    // Disconnecting the active one leaves nothing connected.
    await modal(page).getByTestId(`profile-disconnect-${INJECTED}`).click()
    await expect.poll(() => page.evaluate(() => window.appkit.getAccount('eip155').isConnected)).toBe(false)
    await expect(modal(page).getByTestId('view-ProfileWallets')).toContainText('No wallets connected')
  })

  test('without multiWallet, a new wallet replaces the connected one, and ProfileWallets shows the notice', async ({
    page,
  }) => {
    await loadLoader(page)
    await page.evaluate(() =>
      window.appkit.init({
        projectId: 'demo',
        networks: ['eip155:31337', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
        features: { multiWallet: false },
      }),
    )
    await page.evaluate(() => window.appkit.open())
    await modal(page).getByTestId('wallet-test.wallet').click()
    await expect.poll(() => evmAddress(page)).toBe(TEST_ACCOUNT)

    await page.evaluate(() => window.appkit.open({ view: 'Connect' }))
    await pairWalletConnect(page, wallet)
    // The browser wallet was disconnected, not merely set aside: requests go to the new wallet.
    expect(await signer(page)).toBe(wallet.address)

    await openProfileWallets(page)
    await expect(modal(page).getByTestId('multiwallet-notice')).toBeVisible()
  })
})
