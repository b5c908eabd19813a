import { randomUUID } from 'node:crypto'
import { testAccount } from '@modalkit/local-chain'
import { LOCAL_CHAIN_WORLD } from '@modalkit/shared'
import { expect, test } from '@playwright/test'
import { Contract, JsonRpcProvider, parseEther, parseUnits, Wallet } from 'ethers'
import { approveInSecureFrame, logInByEmail, rejectInSecureFrame, secureFrame } from './embeddedLogin.ts'
import { copyPairingUri, expectLogged, gotoReady, loadLoader, modal } from './helpers.ts'
import { LOCKS } from './locks.ts'
import { FEATURES_OFF_PROJECT_ID, STACK_ENV } from './sites.ts'
import { installTestWallet, TEST_ACCOUNT } from './testWallet.ts'
import { createWalletConnectWallet } from './walletConnectWallet.ts'

// Locked (e2e/locks.ts): the test wallet pays from the test account; account 4 funds the embedded wallet.
test.describe.configure({ lock: [LOCKS.testAccount, LOCKS.account4] })

// Pay (AppKit Pay's `pay()`): the site asks for a fixed amount of one asset to one
// recipient; the modal's Pay view connects first if needed, the wallet approves, and the node, not
// the screen, says whether it was paid.
const erc20 = [
  'function transfer(address, uint256) returns (bool)',
  'function balanceOf(address) view returns (uint256)',
]
const ETH = {
  network: 'eip155:31337',
  asset: 'native',
  metadata: { name: 'Ether', symbol: 'ETH', decimals: 18 },
}
const LUSD = {
  network: 'eip155:31337',
  asset: LOCAL_CHAIN_WORLD.usd,
  metadata: { name: 'Local USD', symbol: 'LUSD', decimals: 6 },
}
type PayResult = { success: boolean; result?: string; error?: string }

let provider: JsonRpcProvider
test.beforeAll(() => {
  provider = new JsonRpcProvider(`http://127.0.0.1:${STACK_ENV.EVM_A_PORT}`, undefined, {
    staticNetwork: true,
    cacheTimeout: -1,
  })
})
test.afterAll(() => provider.destroy())
const usdBalance = async (address: string) =>
  (await new Contract(LOCAL_CHAIN_WORLD.usd, erc20, provider).getFunction('balanceOf')(address)) as bigint

test('a visitor without a wallet connects from the Pay view, then the browser wallet pays ETH', async ({
  page,
}) => {
  const recipient = Wallet.createRandom().address
  await installTestWallet(page)
  await gotoReady(page)
  const paying = page.evaluate(
    (options) => window.appkit.pay(options as Parameters<typeof window.appkit.pay>[0]),
    { recipient, amount: 0.0125, paymentAsset: ETH },
  )
  const m = modal(page)
  await expect(m.getByTestId('pay-amount')).toHaveText('0.0125 ETH')
  await expect(m.getByTestId('pay-submit')).toHaveText('Connect a wallet to pay')
  await m.getByTestId('pay-submit').click()
  await m.getByTestId('wallet-test.wallet').click()
  // Connected: back on Pay, not closed.
  await expect(m.getByTestId('pay-submit')).toHaveText('Pay 0.0125 ETH')
  await m.getByTestId('pay-submit').click()
  const result = (await paying) as PayResult
  expect(result.success).toBe(true)
  const receipt = await provider.getTransactionReceipt(result.result!)
  expect(receipt?.status).toBe(1)
  expect(receipt?.from.toLowerCase()).toBe(TEST_ACCOUNT.toLowerCase())
  expect(await provider.getBalance(recipient)).toBe(parseEther('0.0125'))
  await expect.poll(() => page.evaluate(() => window.appkit.getState().open)).toBe(false)
  expect(await page.evaluate(() => window.appkit.getPayResult())).toEqual(result)
  for (const event of ['PAY_MODAL_OPEN', 'PAY_INITIATED', 'PAY_SUCCESS'])
    await expectLogged(page, `event: ${event}`)

  // Bad options are refused before anything opens, naming the field.
  const refused = await page.evaluate(() =>
    window.appkit
      .pay({
        recipient: '0x12',
        amount: -1,
        paymentAsset: {
          network: 'eip155:31337',
          asset: 'native',
          metadata: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        },
      })
      .then(
        () => 'paid',
        (error: { message: string }) => error.message,
      ),
  )
  expect(refused).toMatch(/pay\(\) options.*amount/s)
  expect(await page.evaluate(() => window.appkit.getState().open)).toBe(false)
})

test('the embedded wallet pays an ERC-20 after its approval in the secure frame; a rejection pays nothing', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await gotoReady(page)
  await logInByEmail(page, `e2e-pay-${randomUUID().slice(0, 8)}@example.test`)
  const address = (await page.evaluate(() => window.appkit.getAccount('eip155').address)) ?? ''
  const funder = testAccount(4).connect(provider)
  await (await funder.sendTransaction({ to: address, value: parseEther('0.1') })).wait()
  await (
    await new Contract(LOCAL_CHAIN_WORLD.usd, erc20, funder).getFunction('transfer')(
      address,
      parseUnits('5', 6),
    )
  ).wait()
  const recipient = Wallet.createRandom().address
  const pay = () =>
    page.evaluate((options) => window.appkit.pay(options as Parameters<typeof window.appkit.pay>[0]), {
      recipient,
      amount: '1.5',
      paymentAsset: LUSD,
    }) as Promise<PayResult>
  const m = modal(page)

  // Rejected in the secure frame: not paid, and the site is told so.
  const rejected = pay()
  await m.getByTestId('pay-submit').click()
  await expect(secureFrame(page).getByTestId('approval')).toBeVisible({ timeout: 15_000 })
  await rejectInSecureFrame(page)
  expect(await rejected).toMatchObject({ success: false })
  await expect(m.getByTestId('pay-error')).not.toHaveText('')
  expect(await usdBalance(recipient)).toBe(0n)

  const paid = pay()
  await m.getByTestId('pay-submit').click()
  await approveInSecureFrame(page)
  const result = await paid
  expect(result.success).toBe(true)
  await expect.poll(() => usdBalance(recipient)).toBe(parseUnits('1.5', 6))
  expect(await usdBalance(address)).toBe(parseUnits('3.5', 6))
  expect((await provider.getTransactionReceipt(result.result!))?.from.toLowerCase()).toBe(
    address.toLowerCase(),
  )
})

test("a project that turns 'pay' off refuses pay() with a clear error, and nothing opens", async ({
  page,
}) => {
  await loadLoader(page, { 'data-project-id': FEATURES_OFF_PROJECT_ID, 'data-networks': 'eip155:31337' })
  await page.waitForFunction(() => window.appkit?.getState().initialized === true)
  const refused = await page.evaluate(
    (options) =>
      window.appkit.pay(options as Parameters<typeof window.appkit.pay>[0]).then(
        () => 'paid',
        (error: { message: string }) => error.message,
      ),
    { recipient: Wallet.createRandom().address, amount: 1, paymentAsset: ETH },
  )
  expect(refused).toBe('Payments are not enabled for this site')
  expect(await page.evaluate(() => window.appkit.getState().open)).toBe(false)
})

test("the demo shop's checkout takes 2 LUSD from the browser wallet to the shop", async ({ page }) => {
  const shop = testAccount(8).address
  const before = await usdBalance(shop)
  await installTestWallet(page)
  await page.goto('/checkout.html')
  await page.waitForFunction(() => window.appkit?.getState().initialized === true)
  await page.getByTestId('checkout-pay').click()
  const m = modal(page)
  await m.getByTestId('pay-submit').click()
  await m.getByTestId('wallet-test.wallet').click()
  await expect(m.getByTestId('pay-submit')).toHaveText('Pay 2 LUSD')
  await m.getByTestId('pay-submit').click()
  await expect(page.getByTestId('checkout-status')).toHaveText(/^Paid: 0x[0-9a-f]{64}$/)
  expect(await usdBalance(shop)).toBe(before + parseUnits('2', 6))
})

test('a wallet paired over WalletConnect pays ETH: the wallet sends, the node has it', async ({ page }) => {
  const wallet = await createWalletConnectWallet()
  try {
    await (
      await testAccount(4)
        .connect(provider)
        .sendTransaction({ to: wallet.address, value: parseEther('0.2') })
    ).wait()
    await gotoReady(page)
    await page.getByTestId('connect-button').click()
    await modal(page).getByTestId('wallet-walletconnect').click()
    await wallet.pair(await copyPairingUri(page))
    await expect
      .poll(() => page.evaluate(() => window.appkit.getAccount('eip155').address), { timeout: 15_000 })
      .toBe(wallet.address)
    const recipient = Wallet.createRandom().address
    const paying = page.evaluate(
      (options) => window.appkit.pay(options as Parameters<typeof window.appkit.pay>[0]),
      { recipient, amount: '0.03', paymentAsset: ETH },
    ) as Promise<PayResult>
    await modal(page).getByTestId('pay-submit').click()
    const result = await paying
    expect(result.success).toBe(true)
    expect(await provider.getBalance(recipient)).toBe(parseEther('0.03'))
    expect((await provider.getTransactionReceipt(result.result!))?.from).toBe(wallet.address)
    expect(wallet.requests.map((r) => r.method)).toContain('eth_sendTransaction')
  } finally {
    await wallet.close()
  }
})
