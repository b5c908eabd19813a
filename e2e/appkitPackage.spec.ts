import { expect, type Page, test } from '@playwright/test'
import { verifyMessage } from 'ethers'
import { collectConsole, gotoReady, modal } from './helpers.ts'
import { installTestWallet, TEST_ACCOUNT } from './testWallet.ts'

// The npm package (`@modalkit/appkit`) as a site developer installs it: the demo site's page written
// the way Reown AppKit's vanilla ethers example is (apps/demo-site/src/appkitEthers.ts), importing
// createAppKit, EthersAdapter and the networks from the package only, with no script tag. It runs
// against the local stack with the test browser wallet behind the modal.

/** The JSON a subscription last wrote into the page's `#id`. */
const shown = async (page: Page, id: string): Promise<unknown> => {
  const text = (await page.getByTestId(id).textContent()) ?? ''
  return text === '—' ? undefined : JSON.parse(text)
}

test.describe("the npm package, used as AppKit's vanilla ethers example is", () => {
  test('createAppKit from npm: subscriptions, Networks view, switch by object, ethers signs', async ({
    page,
  }) => {
    await installTestWallet(page)
    const consoleLines = collectConsole(page)
    await gotoReady(page, '/appkit-ethers.html')
    // No script tag: createAppKit() made `window.appkit`, and the core came from the modal's origin.
    expect(await page.locator('script[src$="/appkit.js"]').count()).toBe(0)

    await page.getByTestId('open-connect-modal').click()
    await modal(page).getByTestId('wallet-test.wallet').click()
    await expect
      .poll(() => shown(page, 'accountState'))
      .toMatchObject({
        address: TEST_ACCOUNT,
        caipAddress: `eip155:31337:${TEST_ACCOUNT}`,
        isConnected: true,
      })
    await expect.poll(() => shown(page, 'providers')).toEqual(['eip155'])
    await expect.poll(() => shown(page, 'walletInfo')).toMatchObject({ name: 'Test Wallet' })
    await expect.poll(() => shown(page, 'appKitState')).toMatchObject({ initialized: true, open: false })

    // AppKit's view name opens SPEC's network view; the state subscription sees it.
    await page.getByTestId('open-network-modal').click()
    await expect.poll(() => shown(page, 'appKitState')).toMatchObject({ open: true, view: 'SwitchNetwork' })
    await expect.poll(() => shown(page, 'events')).toMatchObject({ data: { event: 'MODAL_OPEN' } })
    await page.evaluate(() => window.appkit?.close())
    await expect.poll(() => shown(page, 'appKitState')).toMatchObject({ open: false })

    // switchNetwork with the package's network object (localB); the wallet follows.
    await page.getByTestId('switch-network').click()
    await expect
      .poll(() => shown(page, 'networkState'))
      .toEqual({ caipNetworkId: 'eip155:31338', chainId: 31338 })
    expect(await page.evaluate('window.__testWallet.state.chainId')).toBe('0x7a6a')

    // ethers' BrowserProvider over the provider subscribeProviders gave: the signature verifies here.
    await page.getByTestId('sign-message').click()
    await expect.poll(() => shown(page, 'signature')).toMatch(/^0x[0-9a-f]{130}$/)
    expect(verifyMessage('Hello from AppKit', (await shown(page, 'signature')) as string)).toBe(TEST_ACCOUNT)

    await page.getByTestId('toggle-theme').click()
    await expect.poll(() => shown(page, 'themeState')).toMatchObject({ themeMode: 'dark' })

    await page.getByTestId('disconnect').click()
    await expect.poll(() => shown(page, 'accountState')).toMatchObject({ isConnected: false })
    await expect.poll(() => shown(page, 'providers')).toEqual([])
    // The package's options are AppKit's: nothing was dropped as unknown.
    expect(consoleLines.filter((line) => line.includes('ignored options'))).toEqual([])
  })
})
