import { randomUUID } from 'node:crypto'
import { LOCAL_CHAIN_WORLD } from '@modalkit/shared'
import { expect, type FrameLocator, type Page, test } from '@playwright/test'
import { Contract, JsonRpcProvider, parseEther, parseUnits } from 'ethers'
import { approveInSecureFrame, logInByEmail } from './embeddedLogin.ts'
import { copyPairingUri, gotoReady, loadLoader, modal } from './helpers.ts'
import { LOCKS } from './locks.ts'
import { STACK_ENV } from './sites.ts'
import { installTestWallet, TEST_ACCOUNT } from './testWallet.ts'
import { createWalletConnectWallet } from './walletConnectWallet.ts'

// Locked (e2e/locks.ts): swaps and funds from the test account and reads its exact token balances.
test.describe.configure({ lock: LOCKS.testAccount })

// Swap on the local Uniswap V2 router, as a user does it: Account → Swap, pick tokens,
// type an amount, read the quote, approve in the wallet. Both balances are read from the node before
// and after; each moves by the quoted amount, within the slippage the quote allowed. The suite runs
// one test at a time on its own stack, so no other trade moves the pools between quote and swap.
const nodeUrl = `http://127.0.0.1:${STACK_ENV.EVM_A_PORT}`
const erc20 = ['function balanceOf(address) view returns (uint256)']
const CHAIN = 'eip155:31337'
const token = (address: string) => `${CHAIN}:${address}`
const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

let provider: JsonRpcProvider
test.beforeAll(() => {
  provider = new JsonRpcProvider(nodeUrl, undefined, {
    staticNetwork: true,
    cacheTimeout: -1,
    pollingInterval: 50,
  })
})
test.afterAll(() => provider.destroy())

const balanceOf = async (address: string, holder: string) =>
  (await new Contract(address, erc20, provider).getFunction('balanceOf')(holder)) as bigint

/** What `address` paid in gas for its transactions mined after block `after`. */
async function gasPaidAfter(address: string, after: number): Promise<bigint> {
  let paid = 0n
  const latest = await provider.getBlockNumber()
  for (let n = after + 1; n <= latest; n++) {
    for (const hash of (await provider.getBlock(n))?.transactions ?? []) {
      const receipt = await provider.getTransactionReceipt(hash)
      if (receipt && receipt.from.toLowerCase() === address.toLowerCase())
        paid += receipt.gasUsed * receipt.gasPrice
    }
  }
  return paid
}

/** Opens Account → Swap (unless it shows) and fills the form; answers the quoted output and the least it may give. */
async function fillSwap(m: FrameLocator, from: string, to: string, amount: string, decimals: number) {
  // Account (just opened: its view may still be loading) or Swap itself (after a swap): wait for one.
  await expect(m.getByTestId('account-swap').or(m.getByTestId('swap-from'))).toBeVisible()
  if (await m.getByTestId('account-swap').isVisible()) await m.getByTestId('account-swap').click()
  await m.getByTestId('swap-from').selectOption(token(from))
  await m.getByTestId('swap-to').selectOption(token(to))
  await m.getByTestId('swap-amount').fill(amount)
  await expect(m.getByTestId('swap-submit')).toBeEnabled({ timeout: 15_000 })
  await expect(m.getByTestId('swap-price-impact')).toHaveText(/^\d+\.\d{2}%$/)
  const quoted = parseUnits(await m.getByTestId('swap-to-amount').inputValue(), decimals)
  const minimum = BigInt((await m.getByTestId('swap-min-received').getAttribute('data-value')) ?? '')
  expect(quoted).toBeGreaterThan(0n)
  // SPEC §9's shared slippage (1%) unless the user picks another.
  expect(minimum).toBe((quoted * 99n) / 100n)
  return { quoted, minimum }
}

async function expectToast(page: Page, text: string) {
  await expect(modal(page).getByTestId('w3m-toast')).toContainText(text, { timeout: 30_000 })
}

test('the browser wallet approves LUSD, then swaps it for MDL through WETH: both balances move as quoted', async ({
  page,
}) => {
  await installTestWallet(page)
  await gotoReady(page)
  await page.getByTestId('connect-button').click()
  const m = modal(page)
  await m.getByTestId('wallet-test.wallet').click()
  await expect.poll(() => page.evaluate(() => window.appkit.getAccount('eip155').isConnected)).toBe(true)
  await page.evaluate(() => window.appkit.open())
  const usdBefore = await balanceOf(LOCAL_CHAIN_WORLD.usd, TEST_ACCOUNT)
  const mdlBefore = await balanceOf(LOCAL_CHAIN_WORLD.token, TEST_ACCOUNT)
  const { quoted, minimum } = await fillSwap(m, LOCAL_CHAIN_WORLD.usd, LOCAL_CHAIN_WORLD.token, '12.5', 18)
  await m.getByTestId('swap-submit').click()
  await expectToast(page, 'Swap completed')
  expect(usdBefore - (await balanceOf(LOCAL_CHAIN_WORLD.usd, TEST_ACCOUNT))).toBe(parseUnits('12.5', 6))
  const received = (await balanceOf(LOCAL_CHAIN_WORLD.token, TEST_ACCOUNT)) - mdlBefore
  expect(received).toBeGreaterThanOrEqual(minimum)
  expect(received).toBe(quoted)
  // The router may spend no more than it was approved for: the approval was for exactly this swap.
  const allowance = (await new Contract(
    LOCAL_CHAIN_WORLD.usd,
    ['function allowance(address, address) view returns (uint256)'],
    provider,
  ).getFunction('allowance')(TEST_ACCOUNT, LOCAL_CHAIN_WORLD.uniswapV2Router)) as bigint
  expect(allowance).toBe(0n)
  // The view's balances are read anew: the LUSD shown is what the node holds now.
  await expect(m.getByTestId('swap-from-balance')).toContainText(/LUSD/)
})

test('the embedded wallet swaps ETH for LUSD, then LUSD back after approving the router, in the secure frame', async ({
  page,
}) => {
  // A login and three approvals in the secure frame: on a busy machine, over 30 s.
  test.setTimeout(60_000)
  await gotoReady(page)
  await logInByEmail(page, `e2e-${randomUUID().slice(0, 8)}@example.test`)
  const address = (await page.evaluate(() => window.appkit.getAccount('eip155').address))!
  // Fund the new wallet from anvil's first (unlocked) test account.
  await provider.send('eth_sendTransaction', [
    { from: TEST_ACCOUNT, to: address, value: '0xde0b6b3a7640000' },
  ])
  await expect.poll(() => provider.getBalance(address)).toBe(parseEther('1'))
  await page.evaluate(() => window.appkit.open())
  const m = modal(page)
  const usdBefore = await balanceOf(LOCAL_CHAIN_WORLD.usd, address)
  const { quoted, minimum } = await fillSwap(
    m,
    '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
    LOCAL_CHAIN_WORLD.usd,
    '0.1',
    6,
  )
  await m.getByTestId('swap-submit').click()
  await approveInSecureFrame(page)
  await expectToast(page, 'Swap completed')
  const received = (await balanceOf(LOCAL_CHAIN_WORLD.usd, address)) - usdBefore
  expect(received).toBeGreaterThanOrEqual(minimum)
  expect(received).toBe(quoted)
  // 0.1 ETH went into the pool; the rest of what left paid the gas.
  const spent = parseEther('1') - (await provider.getBalance(address))
  expect(spent).toBeGreaterThan(parseEther('0.1'))
  expect(spent).toBeLessThan(parseEther('0.11'))

  // Back: LUSD for ETH needs the router's allowance first, so two approvals in the secure frame
  // (the Swap view mounts again after each; the flow and the form carry on).
  const block = await provider.getBlockNumber()
  const ethBefore = await provider.getBalance(address)
  const usdHeld = await balanceOf(LOCAL_CHAIN_WORLD.usd, address)
  const back = await fillSwap(m, LOCAL_CHAIN_WORLD.usd, NATIVE, '100', 18)
  await m.getByTestId('swap-submit').click()
  await approveInSecureFrame(page)
  await approveInSecureFrame(page)
  await expectToast(page, 'Swap completed')
  expect(usdHeld - (await balanceOf(LOCAL_CHAIN_WORLD.usd, address))).toBe(parseUnits('100', 6))
  const gas = await gasPaidAfter(address, block)
  const ethReceived = (await provider.getBalance(address)) - ethBefore + gas
  expect(ethReceived).toBeGreaterThanOrEqual(back.minimum)
  expect(ethReceived).toBe(back.quoted)
})

test("a network without a router shows 'Network not supported for Swaps'", async ({ page }) => {
  // The test wallet accepts a switch to Ethereum mainnet (it answers from anvil A; nothing here reads
  // it). The API has no node and so no router for eip155:1: that is what the Swap view must say.
  await installTestWallet(page, {
    chains: { '0x7a69': nodeUrl, '0x1': nodeUrl },
  })
  await gotoReady(page)
  await page.getByTestId('connect-button').click()
  const m = modal(page)
  await m.getByTestId('wallet-test.wallet').click()
  await expect.poll(() => page.evaluate(() => window.appkit.getAccount('eip155').isConnected)).toBe(true)
  await page.evaluate(() => window.appkit.switchNetwork('eip155:1'))
  await page.evaluate(() => window.appkit.open())
  await m.getByTestId('account-swap').click()
  await expect(m.getByTestId('swap-error')).toHaveText('Network not supported for Swaps')
})

test('a wallet paired over WalletConnect swaps ETH for MDL: the wallet signs, MDL arrives as quoted', async ({
  page,
}) => {
  const wallet = await createWalletConnectWallet()
  try {
    await provider.send('eth_sendTransaction', [
      { from: TEST_ACCOUNT, to: wallet.address, value: '0xde0b6b3a7640000' },
    ])
    await gotoReady(page)
    await page.getByTestId('connect-button').click()
    const m = modal(page)
    await m.getByTestId('wallet-walletconnect').click()
    await wallet.pair(await copyPairingUri(page))
    await expect
      .poll(() => page.evaluate(() => window.appkit.getAccount('eip155').address), { timeout: 15_000 })
      .toBe(wallet.address)
    await page.evaluate(() => window.appkit.open())
    const mdlBefore = await balanceOf(LOCAL_CHAIN_WORLD.token, wallet.address)
    const { quoted, minimum } = await fillSwap(m, NATIVE, LOCAL_CHAIN_WORLD.token, '0.05', 18)
    // The network cost: this swap's own call as the node estimates it, times the gas price.
    await expect(m.getByTestId('swap-network-cost')).toHaveText(/^≈ 0\.\d+ ETH$/, { timeout: 15_000 })
    await m.getByTestId('swap-submit').click()
    await expectToast(page, 'Swap completed')
    const received = (await balanceOf(LOCAL_CHAIN_WORLD.token, wallet.address)) - mdlBefore
    expect(received).toBeGreaterThanOrEqual(minimum)
    expect(received).toBe(quoted)
    expect(wallet.requests.map((r) => r.method)).toContain('eth_sendTransaction')
  } finally {
    await wallet.close()
  }
})

test('with features.swaps off, Account offers no Swap', async ({ page }) => {
  await installTestWallet(page)
  await loadLoader(page)
  await page.evaluate(() =>
    window.appkit.init({ projectId: 'demo', networks: ['eip155:31337'], features: { swaps: false } }),
  )
  await page.evaluate(() => window.appkit.open())
  const m = modal(page)
  await m.getByTestId('wallet-test.wallet').click()
  await expect.poll(() => page.evaluate(() => window.appkit.getAccount('eip155').isConnected)).toBe(true)
  await page.evaluate(() => window.appkit.open())
  await expect(m.getByTestId('account-wallets')).toBeVisible()
  await expect(m.getByTestId('account-swap')).toHaveCount(0)
})
