import { randomUUID } from 'node:crypto'
import { testAccount } from '@modalkit/local-chain'
import { coinTypeForChain, SITE_ORIGIN_HEADER } from '@modalkit/protocol'
import { formatQuantity, LOCAL_CHAIN_WORLD } from '@modalkit/shared'
import { expect, type Page, test } from '@playwright/test'
import { Contract, JsonRpcProvider, parseEther, parseUnits, Wallet } from 'ethers'
import { approveInSecureFrame, logInByEmail } from './embeddedLogin.ts'
import { fund } from './evmNode.ts'
import { copyPairingUri, expectLogged, gotoReady, modal } from './helpers.ts'
import { LOCKS } from './locks.ts'
import { PROJECT_ID, SITES, STACK_ENV } from './sites.ts'
import { installTestWallet, TEST_ACCOUNT } from './testWallet.ts'
import { createWalletConnectWallet } from './walletConnectWallet.ts'

// Locked (e2e/locks.ts): sends from the test account and reads its exact balance and nonce; account 4 funds.
test.describe.configure({ lock: [LOCKS.testAccount, LOCKS.account4] })

// Send on the local chain world: the modal's WalletSend views build the transfer, the
// wallet approves it (the host page's browser wallet, or the secure frame for the embedded wallet),
// and the node, not the screen, says whether the tokens arrived. Refusals send nothing.
const CHAIN = 'eip155:31337'
const erc20 = [
  'function transfer(address, uint256) returns (bool)',
  'function balanceOf(address) view returns (uint256)',
]

let provider: JsonRpcProvider
test.beforeAll(() => {
  provider = new JsonRpcProvider(`http://127.0.0.1:${STACK_ENV.EVM_A_PORT}`, undefined, {
    staticNetwork: true,
    cacheTimeout: -1,
    pollingInterval: 50,
  })
})
test.afterAll(() => provider.destroy())

const usdBalance = async (address: string) =>
  (await new Contract(LOCAL_CHAIN_WORLD.usd, erc20, provider).getFunction('balanceOf')(address)) as bigint

type Indexed = { metadata: { hash: string; operationType: string; sentFrom: string; sentTo: string } }

/** The account's history as the API's indexer serves it (the endpoint the Activity tab reads). */
async function history(address: string): Promise<Indexed[]> {
  const res = await fetch(
    `${STACK_ENV.API_INTERNAL_URL}/v1/account/${address}/history?projectId=${PROJECT_ID}&chainId=${CHAIN}`,
    { headers: { [SITE_ORIGIN_HEADER]: SITES.host } },
  )
  return ((await res.json()) as { data: Indexed[] }).data
}

/** Fills WalletSend from the Account view: token, amount, recipient; then Review. */
async function fillSend(page: Page, symbol: string, amount: string, recipient: string): Promise<void> {
  const m = modal(page)
  await m.getByTestId('account-send').click()
  await m.getByTestId('send-token').click()
  await m.getByTestId(`send-token-${symbol}`).click()
  await m.getByTestId('send-amount').fill(amount)
  await m.getByTestId('send-recipient').fill(recipient)
  await m.getByTestId('send-review').click()
}

/**
 * After the send: the recipient holds exactly the amount (a fresh address), the indexer lists the
 * transfer in both accounts' histories, and the sender's Activity tab shows it.
 */
async function expectArrived(page: Page, from: string, recipient: string, amount: string): Promise<void> {
  await expect.poll(() => usdBalance(recipient), { timeout: 20_000 }).toBe(parseUnits(amount, 6))
  await expect.poll(async () => (await history(recipient)).length, { timeout: 20_000 }).toBe(1)
  const [received] = await history(recipient)
  const hash = received?.metadata.hash ?? ''
  expect(received?.metadata.operationType).toBe('receive')
  expect(received?.metadata.sentFrom.toLowerCase()).toBe(from.toLowerCase())
  const receipt = await provider.getTransactionReceipt(hash)
  expect(receipt?.status).toBe(1)
  expect(receipt?.from.toLowerCase()).toBe(from.toLowerCase())
  await expect.poll(async () => (await history(from)).some((tx) => tx.metadata.hash === hash)).toBe(true)

  const m = modal(page)
  await expect(m.getByTestId('view-Account')).toBeVisible()
  await m.getByTestId('tab-Tokens').click()
  await m.getByTestId('tab-Activity').click()
  const item = m.locator(`[data-testid="activity-item"][data-hash="${hash}"]`)
  await expect(item).toContainText('Sent')
  await expect(item.getByTestId('activity-description')).toContainText(`${formatQuantity(amount)} LUSD`)
}

test('the browser wallet sends an ERC-20 from the Send view; it arrives and shows in both Activities', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const recipient = Wallet.createRandom().address
  await installTestWallet(page)
  await gotoReady(page)
  await page.getByTestId('connect-button').click()
  await modal(page).getByTestId('wallet-test.wallet').click()
  await expect.poll(() => page.evaluate(() => window.appkit.getAccount('eip155').isConnected)).toBe(true)
  await page.evaluate(() => window.appkit.open())
  const m = modal(page)
  const before = await usdBalance(TEST_ACCOUNT)

  await fillSend(page, 'LUSD', '1.25', recipient)
  await expect(m.getByTestId('send-preview-amount')).toHaveText('1.25 LUSD')
  await expect(m.getByTestId('send-preview-fee')).toHaveAttribute('data-status', 'ready')
  await expect(m.getByTestId('send-preview-fee')).toContainText(/Network fee ≈ [0-9.]+ ETH/)
  await m.getByTestId('send-submit').click()
  await expect(m.getByTestId('w3m-toast')).toHaveText('Sent 1.25 LUSD')
  // AppKit's send events reach the site (the demo page logs subscribeEvents).
  for (const event of ['OPEN_SEND', 'SEND_INITIATED', 'SEND_SUCCESS'])
    await expectLogged(page, `event: ${event}`)

  await expectArrived(page, TEST_ACCOUNT, recipient, '1.25')
  expect(await usdBalance(TEST_ACCOUNT)).toBe(before - parseUnits('1.25', 6))
})

/**
 * Registers `<label>.reown.id` for a new wallet through the API's own route, signed by that wallet
 * (as the modal's RegisterAccountName does): the name's owner, an address nothing else knows.
 */
async function registeredName(label: string): Promise<string> {
  const owner = Wallet.createRandom()
  const message = JSON.stringify({
    name: `${label}.reown.id`,
    attributes: {},
    timestamp: Math.floor(Date.now() / 1000),
  })
  const res = await fetch(`${STACK_ENV.API_INTERNAL_URL}/v1/profile/account?projectId=${PROJECT_ID}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SITE_ORIGIN_HEADER]: SITES.host },
    body: JSON.stringify({
      coin_type: coinTypeForChain(31337),
      address: owner.address,
      message,
      signature: await owner.signMessage(message),
    }),
  })
  expect(res.status).toBe(200)
  return owner.address
}

test('the browser wallet sends to a name: <label>.reown.id is resolved to its owner, who receives the tokens', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const label = `e2esend${Date.now().toString(36)}`
  const owner = await registeredName(label)
  await installTestWallet(page)
  await gotoReady(page)
  await page.getByTestId('connect-button').click()
  await modal(page).getByTestId('wallet-test.wallet').click()
  await expect.poll(() => page.evaluate(() => window.appkit.getAccount('eip155').isConnected)).toBe(true)
  await page.evaluate(() => window.appkit.open())
  const m = modal(page)

  await fillSend(page, 'LUSD', '0.75', `${label}.reown.id`)
  // The preview names the address the name resolved to, which the transfer goes to.
  await expect(m.getByTestId('send-preview-recipient')).toHaveAttribute(
    'title',
    new RegExp(`^${owner}$`, 'i'),
  )
  await expect(m.getByTestId('send-preview-fee')).toHaveAttribute('data-status', 'ready')
  await m.getByTestId('send-submit').click()
  await expect(m.getByTestId('w3m-toast')).toHaveText('Sent 0.75 LUSD')
  await expectArrived(page, TEST_ACCOUNT, owner, '0.75')
})

test('a WalletConnect wallet sends ETH from the Send view: the wallet gets the transfer to send, and it arrives', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const wallet = await createWalletConnectWallet()
  try {
    const recipient = Wallet.createRandom().address
    await provider.waitForTransaction(await fund(wallet.address))
    await gotoReady(page)
    await page.getByTestId('connect-button').click()
    await modal(page).getByTestId('wallet-walletconnect').click()
    await wallet.pair(await copyPairingUri(page))
    await expect
      .poll(() => page.evaluate(() => window.appkit.getAccount('eip155').address), { timeout: 15_000 })
      .toBe(wallet.address)
    await page.evaluate(() => window.appkit.open())
    const m = modal(page)

    await fillSend(page, 'ETH', '0.1', recipient)
    await expect(m.getByTestId('send-preview-amount')).toHaveText('0.1 ETH')
    await expect(m.getByTestId('send-preview-fee')).toHaveAttribute('data-status', 'ready')
    await m.getByTestId('send-submit').click()
    await expect(m.getByTestId('w3m-toast')).toHaveText('Sent 0.1 ETH')
    // The wallet, over the relay, was asked to send exactly that transfer, and the node has it.
    const sends = wallet.requests.filter((r) => r.method === 'eth_sendTransaction')
    expect(sends).toHaveLength(1)
    const [tx] = sends[0]!.params as [{ to: string; value: string }]
    expect(tx.to.toLowerCase()).toBe(recipient.toLowerCase())
    expect(BigInt(tx.value)).toBe(parseEther('0.1'))
    await expect.poll(() => provider.getBalance(recipient), { timeout: 20_000 }).toBe(parseEther('0.1'))
  } finally {
    await wallet.close()
  }
})

test('the embedded wallet sends an ERC-20 after its approval in the secure frame; it arrives', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await gotoReady(page)
  await logInByEmail(page, `e2e-send-${randomUUID().slice(0, 8)}@example.test`)
  const address = (await page.evaluate(() => window.appkit.getAccount('eip155').address)) ?? ''
  // Funded by a script: gas money and 5 LUSD.
  const funder = testAccount(4).connect(provider)
  await (await funder.sendTransaction({ to: address, value: parseEther('0.1') })).wait()
  const funded = await (
    await new Contract(LOCAL_CHAIN_WORLD.usd, erc20, funder).getFunction('transfer')(
      address,
      parseUnits('5', 6),
    )
  ).wait()
  await expect.poll(() => usdBalance(address)).toBe(parseUnits('5', 6))
  // The balance endpoint lists the tokens the indexer has seen the account receive: wait for it.
  await expect
    .poll(async () => (await history(address)).some((tx) => tx.metadata.hash === funded?.hash), {
      timeout: 30_000,
    })
    .toBe(true)

  const recipient = Wallet.createRandom().address
  await page.evaluate(() => window.appkit.open())
  const m = modal(page)
  await expect(m.getByTestId('view-Account')).toBeVisible()
  await fillSend(page, 'LUSD', '2.5', recipient)
  await expect(m.getByTestId('send-preview-fee')).toHaveAttribute('data-status', 'ready')
  await m.getByTestId('send-submit').click()
  // Nothing leaves before the secure frame's own approval, which shows the token call.
  expect(await usdBalance(recipient)).toBe(0n)
  await approveInSecureFrame(page)
  await expect(m.getByTestId('w3m-toast')).toHaveText('Sent 2.5 LUSD', { timeout: 15_000 })

  await expectArrived(page, address, recipient, '2.5')
  expect(await usdBalance(address)).toBe(parseUnits('2.5', 6))
})

test('more than the balance and a bad address are refused with their errors, and nothing is sent', async ({
  page,
}) => {
  await installTestWallet(page)
  await gotoReady(page)
  await page.getByTestId('connect-button').click()
  await modal(page).getByTestId('wallet-test.wallet').click()
  await expect.poll(() => page.evaluate(() => window.appkit.getAccount('eip155').isConnected)).toBe(true)
  await page.evaluate(() => window.appkit.open())
  const m = modal(page)
  const nonce = await provider.getTransactionCount(TEST_ACCOUNT, 'latest')
  const held = await usdBalance(TEST_ACCOUNT)
  const tooMuch = (Number(held / 10n ** 6n) + 1).toString()
  const recipient = Wallet.createRandom().address

  await fillSend(page, 'LUSD', tooMuch, recipient)
  await expect(m.getByTestId('send-error')).toHaveText('Insufficient balance')
  await expect(m.getByTestId('view-WalletSendPreview')).toHaveCount(0)

  // Max fills what the account holds; the address is one hex digit short.
  await m.getByTestId('send-max').click()
  await m.getByTestId('send-recipient').fill(recipient.slice(0, -1))
  await m.getByTestId('send-review').click()
  await expect(m.getByTestId('send-error')).toHaveText('Invalid address')
  await expect(m.getByTestId('view-WalletSendPreview')).toHaveCount(0)

  expect(await provider.getTransactionCount(TEST_ACCOUNT, 'latest')).toBe(nonce)
  expect(await usdBalance(recipient)).toBe(0n)
})
