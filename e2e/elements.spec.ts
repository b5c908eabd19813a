import { formatBalance, formatUnits, truncateAddress } from '@modalkit/shared'
import { expect, test } from '@playwright/test'
import { rpc } from './evmNode.ts'
import { gotoReady, modal } from './helpers.ts'
import { installTestWallet, TEST_ACCOUNT } from './testWallet.ts'

// AppKit's custom elements on the host page: defined by the loader only for a page that
// uses one (its script is fetched then, not before), in a shadow root, following the theme; each
// opens its view of the modal.
const ELEMENTS_SCRIPT = /\/appkit-elements-[^/]+\.js$/

test('a page without the tags never fetches the elements', async ({ page }) => {
  const fetched: string[] = []
  page.on('request', (req) => {
    if (ELEMENTS_SCRIPT.test(new URL(req.url()).pathname)) fetched.push(req.url())
  })
  await gotoReady(page)
  // A tag added later by the page's own script is seen by the loader's MutationObserver.
  expect(await page.evaluate(() => customElements.get('appkit-network-button') === undefined)).toBe(true)
  expect(fetched).toEqual([])
  await page.evaluate(() => document.body.append(document.createElement('appkit-network-button')))
  await page.waitForFunction(() => customElements.get('appkit-network-button') !== undefined)
  expect(fetched).toHaveLength(1)
})

test('the buttons open Connect, Account and SwitchNetwork, show the account, and follow the theme', async ({
  page,
}) => {
  await installTestWallet(page)
  await gotoReady(page, '/elements.html')
  const connect = page.getByTestId('appkit-button').locator('button')
  await expect(connect).toHaveText('Connect')
  // The account button hides until an account is connected.
  await expect(page.getByTestId('appkit-account-button')).toBeHidden()
  await page.evaluate(async () => {
    await window.appkit.setThemeMode('dark')
    await window.appkit.setThemeVariables({ '--w3m-accent': '#ff0000' })
  })
  await expect(page.getByTestId('appkit-button')).toHaveAttribute('data-theme-mode', 'dark')
  await expect(connect).toHaveCSS('background-color', 'rgb(255, 0, 0)')

  await connect.click()
  await expect.poll(() => page.evaluate(() => window.appkit.getState().view)).toBe('Connect')
  await modal(page).getByTestId('wallet-test.wallet').click()
  await expect.poll(() => page.evaluate(() => window.appkit.getAccount('eip155').isConnected)).toBe(true)
  await page.evaluate(() => window.appkit.close())

  const account = page.getByTestId('appkit-account-button').locator('button')
  await expect(account.locator('span').first()).toHaveText(truncateAddress(TEST_ACCOUNT))
  await expect(connect.locator('span').first()).toHaveText(truncateAddress(TEST_ACCOUNT))
  // The balance the local node holds, as SPEC §9 shows it (3 decimals and the symbol), in the
  // modal's header and on the button: the local chains are this deployment's own, so not the
  // testnets' fixed '0.00'.
  const wei = BigInt((await rpc('eth_getBalance', [TEST_ACCOUNT, 'latest'])) as string)
  const held = formatBalance(formatUnits(wei, 18), 'ETH')
  expect(held).not.toBe('0.00 ETH')
  await account.click()
  await expect.poll(() => page.evaluate(() => window.appkit.getState().view)).toBe('Account')
  await expect(modal(page).getByTestId('account-balance')).toHaveText(held)
  await page.evaluate(() => window.appkit.close())
  await expect(account.locator('.balance')).toHaveText(held)

  const network = page.getByTestId('appkit-network-button').locator('button')
  await expect(network).toHaveText('Local Anvil A')
  await expect(network).toHaveClass(/sm/)
  await network.click()
  await expect.poll(() => page.evaluate(() => window.appkit.getState().view)).toBe('SwitchNetwork')
  await page.evaluate(() => window.appkit.close())

  await page.evaluate(() => document.querySelector('appkit-network-button')?.setAttribute('disabled', ''))
  await expect(network).toBeDisabled()
})
