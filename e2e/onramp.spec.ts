import { LOCAL_CHAIN_WORLD } from '@modalkit/shared'
import { expect, test } from '@playwright/test'
import { Contract, JsonRpcProvider, parseEther, parseUnits } from 'ethers'
import { gotoReady, loadLoader, modal } from './helpers.ts'
import { LOCKS } from './locks.ts'
import { FEATURES_OFF_PROJECT_ID, SITES, STACK_ENV } from './sites.ts'
import { connectBrowserWallet, installTestWallet, TEST_ACCOUNT } from './testWallet.ts'

// Locked (e2e/locks.ts): the purchase is read as the test account's exact balance change.
test.describe.configure({ lock: LOCKS.testAccount })

// The on-ramp against the local provider on the demo origin: SPEC §9's limits in the modal,
// a quote, the provider's page in a popup, and the ETH it sends arriving on the node.
const nodeUrl = `http://127.0.0.1:${STACK_ENV.EVM_A_PORT}`
/** The local provider's treasury (anvil's account 9, unlocked), which holds Local USD. */
const TREASURY = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720'

test('a purchase through the local provider arrives on the node and in BuyInProgress', async ({ page }) => {
  const provider = new JsonRpcProvider(nodeUrl, undefined, { staticNetwork: true, cacheTimeout: -1 })
  try {
    await installTestWallet(page)
    await gotoReady(page)
    await connectBrowserWallet(page)
    const m = modal(page)
    await page.evaluate(() => window.appkit.open())
    await expect(m.getByTestId('account-network')).toHaveText('Local Anvil A')
    await m.getByTestId('account-buy').click()
    await expect(m.getByTestId('onramp-provider-select')).toHaveValue('localramp')
    // The options rendered: SPEC §9's sample currencies and the card's limits; USDC bought by
    // default, ETH chosen here.
    await expect(m.getByTestId('onramp-fiat').locator('option')).toHaveText(['USD', 'EUR'])
    await expect(m.getByTestId('onramp-asset')).toHaveValue('USDC')
    await expect(m.getByTestId('onramp-asset').locator('option')).toHaveText(['USDC', 'ETH'])
    await m.getByTestId('onramp-asset').selectOption('ETH')
    await expect(m.getByTestId('view-OnRampProviders')).toContainText('Amount (10.00 to 7500.00 USD)')

    // SPEC §9: card 10 to 7,500 USD; ACH up to 25,000.
    await m.getByTestId('onramp-amount').fill('9')
    await expect(m.getByTestId('onramp-error')).toHaveText(
      'Amount must be between 10.00 and 7500.00 USD for card',
    )
    await expect(m.getByTestId('onramp-buy')).toBeDisabled()
    await m.getByTestId('onramp-amount').fill('20000')
    await expect(m.getByTestId('onramp-error')).toBeVisible()
    await m.getByTestId('onramp-method').selectOption('ach_bank_account')
    await expect(m.getByTestId('onramp-quote')).toBeVisible()
    await m.getByTestId('onramp-method').selectOption('card')

    // SPEC §7: the quote call failing, the modal's own estimate from the balances' price (3000 USD per
    // ETH), marked as one, and Buy waits for the provider's quote.
    await page.route('**/v1/onramp/quote?**', (route) => route.fulfill({ status: 502, body: '{}' }))
    await m.getByTestId('onramp-amount').fill('149')
    await expect(m.getByTestId('onramp-estimate')).toHaveAttribute('data-amount', '0.049666')
    await expect(m.getByTestId('onramp-estimate')).toContainText('Estimate, not the provider’s quote')
    await expect(m.getByTestId('onramp-quote')).toHaveCount(0)
    await expect(m.getByTestId('onramp-buy')).toBeDisabled()
    await page.unroute('**/v1/onramp/quote?**')

    await m.getByTestId('onramp-amount').fill('150')
    const quote = m.getByTestId('onramp-quote')
    // The provider's quote: 150 USD less 1.50 and 0.10 in fees, at 3000 USD per ETH.
    await expect(quote).toHaveText('You get 0.049466 ETH · fees 1.50 + 0.10 USD')
    await expect(m.getByTestId('onramp-estimate')).toHaveCount(0)
    await expect(m.getByTestId('onramp-buy')).toBeEnabled()
    const amount = (await quote.getAttribute('data-amount')) ?? ''
    expect(Number(amount)).toBeGreaterThan(0)

    const before = await provider.getBalance(TEST_ACCOUNT)
    const popupOpened = page.waitForEvent('popup')
    await m.getByTestId('onramp-buy').click()
    const popup = await popupOpened
    await popup.waitForURL(`${SITES.host}/onramp-provider.html?**`)
    await expect(popup.getByTestId('onramp-provider-wallet')).toHaveText(TEST_ACCOUNT)
    await expect(popup.getByTestId('onramp-provider-amount')).toHaveText(`${amount} ETH`)
    await expect(popup.getByTestId('onramp-provider-fiat')).toHaveText('150 USD')
    await expect(m.getByTestId('onramp-waiting')).toBeVisible()
    // Nothing moves before the buyer pays.
    expect(await provider.getBalance(TEST_ACCOUNT)).toBe(before)
    await popup.getByTestId('onramp-provider-pay').click()
    await expect(popup.getByTestId('onramp-provider-status')).toContainText('Purchase complete')

    expect(await provider.getBalance(TEST_ACCOUNT)).toBe(before + parseEther(amount))
    await expect(m.getByTestId('onramp-arrived')).toHaveAttribute('data-amount', amount)
  } finally {
    provider.destroy()
  }
})

test('USDC by default (the local chain’s Local USD), and Meld’s own checkout for it', async ({ page }) => {
  const provider = new JsonRpcProvider(nodeUrl, undefined, { staticNetwork: true, cacheTimeout: -1 })
  const usd = new Contract(
    LOCAL_CHAIN_WORLD.usd,
    [
      'function balanceOf(address) view returns (uint256)',
      'function transfer(address,uint256) returns (bool)',
    ],
    provider,
  )
  const balance = () => usd.getFunction('balanceOf')(TEST_ACCOUNT) as Promise<bigint>
  try {
    await installTestWallet(page)
    await gotoReady(page)
    await connectBrowserWallet(page)
    const m = modal(page)
    await page.evaluate(() => window.appkit.open({ view: 'OnRampProviders' }))
    await expect(m.getByTestId('onramp-asset')).toHaveValue('USDC')
    await m.getByTestId('onramp-amount').fill('150')
    // 150 USD less 1.50 and 0.10 in fees, at one dollar.
    await expect(m.getByTestId('onramp-quote')).toHaveText('You get 148.4 USDC · fees 1.50 + 0.10 USD')

    const before = await balance()
    const popupOpened = page.waitForEvent('popup')
    await m.getByTestId('onramp-buy').click()
    const popup = await popupOpened
    await popup.waitForURL(`${SITES.host}/onramp-provider.html?**`)
    await expect(popup.getByTestId('onramp-provider-amount')).toHaveText('148.4 USDC')
    await expect(m.getByTestId('onramp-waiting')).toContainText('Waiting for 148.4 USDC')
    expect(await balance()).toBe(before)
    await popup.getByTestId('onramp-provider-pay').click()
    await expect(popup.getByTestId('onramp-provider-status')).toContainText('Purchase complete')
    expect(await balance()).toBe(before + parseUnits('148.4', 6))
    // Read from the token's balanceOf, not the ETH balance.
    await expect(m.getByTestId('onramp-arrived')).toHaveAttribute('data-amount', '148.4')
    await popup.close()

    // Meld: its own page prices and delivers, so nothing is quoted here and the asset is USDC.
    // meldcrypto.com has no local form and this machine has no internet: its page is answered by
    // the test, which checks what the modal sends it; Meld's delivery is played by a transfer.
    await page
      .context()
      .route('https://meldcrypto.com/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<title>Meld</title><p>Meld checkout</p>' }),
      )
    await m.getByTestId('onramp-done').click()
    await m.getByTestId('onramp-provider-select').selectOption('meld')
    await expect(m.getByTestId('onramp-asset')).toHaveValue('USDC')
    await expect(m.getByTestId('onramp-asset')).toBeDisabled()
    await m.getByTestId('onramp-amount').fill('60')
    await expect(m.getByTestId('onramp-priced-by-provider')).toHaveText(
      'Meld shows the price and its fees on its own page',
    )
    await expect(m.getByTestId('onramp-quote')).toHaveCount(0)
    const meldOpened = page.waitForEvent('popup')
    await m.getByTestId('onramp-buy').click()
    const meld = await meldOpened
    await meld.waitForURL('https://meldcrypto.com/**')
    expect(Object.fromEntries(new URL(meld.url()).searchParams)).toEqual({
      walletAddress: TEST_ACCOUNT,
      destinationCurrencyCode: 'USDC',
    })
    await expect(m.getByTestId('onramp-waiting')).toHaveText(
      "Complete the purchase in the provider's window. Waiting for USDC…",
    )
    const treasury = await provider.getSigner(TREASURY)
    await (
      await (usd.connect(treasury) as Contract).getFunction('transfer')(TEST_ACCOUNT, parseUnits('58.2', 6))
    ).wait()
    await expect(m.getByTestId('onramp-arrived')).toHaveAttribute('data-amount', '58.2')
  } finally {
    provider.destroy()
  }
})

test('a network where the provider sells nothing says so, and another network brings its assets', async ({
  page,
}) => {
  await installTestWallet(page)
  // The API's own options, less Local Anvil A: a provider that sells nothing on the wallet's network.
  await page.route('**/v1/onramp/options?**', async (route) => {
    // Fetched from this process, where only Chromium resolves the *.test names.
    const response = await route.fetch({ url: route.request().url().replace('//api.test:', '//127.0.0.1:') })
    const options = (await response.json()) as {
      purchaseCurrencies: { networks: { chain_id: string }[] }[]
    }
    for (const currency of options.purchaseCurrencies)
      currency.networks = currency.networks.filter((n) => n.chain_id !== 'eip155:31337')
    await route.fulfill({ response, json: options })
  })
  await gotoReady(page)
  await connectBrowserWallet(page)
  const m = modal(page)
  await page.evaluate(() => window.appkit.open({ view: 'OnRampProviders' }))
  await expect(m.getByTestId('onramp-nothing-sold')).toHaveText(
    'Local Ramp sells nothing on Local Anvil A: choose another network',
  )
  await expect(m.getByTestId('onramp-asset').locator('option')).toHaveCount(0)
  await expect(m.getByTestId('onramp-quote')).toHaveCount(0)
  await expect(m.getByTestId('onramp-buy')).toBeDisabled()

  await page.evaluate(() => window.appkit.switchNetwork('eip155:31338'))
  await expect(m.getByTestId('onramp-nothing-sold')).toHaveCount(0)
  await expect(m.getByTestId('onramp-asset').locator('option')).toHaveText(['USDC', 'ETH'])
  await m.getByTestId('onramp-amount').fill('150')
  await expect(m.getByTestId('onramp-quote')).toHaveText('You get 148.4 USDC · fees 1.50 + 0.10 USD')
  await expect(m.getByTestId('onramp-buy')).toBeEnabled()
})

test('the provider’s server side refuses a request from another site to complete an order', async () => {
  // evil.test posting to the demo origin's completion path is refused before any order is looked up.
  const direct = await fetch(`${SITES.host.replace('host.test', '127.0.0.1')}/onramp-provider/complete`, {
    method: 'POST',
    headers: { origin: SITES.evil, 'content-type': 'application/json' },
    body: JSON.stringify({ orderId: '0'.repeat(32) }),
  })
  expect(direct.status).toBe(403)
})

test('a project whose remote configuration turns the features off hides their entry points', async ({
  page,
}) => {
  await installTestWallet(page)
  // The site sets no feature (each on by default); the project's remote `false` turns it off.
  await loadLoader(page, { 'data-project-id': FEATURES_OFF_PROJECT_ID, 'data-networks': 'eip155:31337' })
  await page.waitForFunction(() => window.appkit?.getState().initialized === true)
  await page.evaluate(() => window.appkit.open())
  const m = modal(page)
  await m.getByTestId('wallet-test.wallet').click()
  await expect.poll(() => page.evaluate(() => window.appkit.getAccount('eip155').isConnected)).toBe(true)
  await page.evaluate(() => window.appkit.open())
  await expect(m.getByTestId('account-network')).toBeVisible()
  await expect(m.getByTestId('tab-Tokens')).toBeVisible()
  await expect(m.getByTestId('account-buy')).toHaveCount(0)
  await expect(m.getByTestId('tab-Activity')).toHaveCount(0)
  // Opening the view by name shows nothing of it either: the notice that the feature is off, in
  // place of the on-ramp's form.
  await page.evaluate(() => window.appkit.open({ view: 'OnRampProviders' }).catch(() => {}))
  await expect(m.getByTestId('view-OnRampProviders')).toHaveText(
    'This feature is not enabled for this project.',
  )
  await expect(m.getByTestId('onramp-amount')).toHaveCount(0)
})
