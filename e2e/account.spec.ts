import { testAccount } from '@modalkit/local-chain'
import { compileContracts } from '@modalkit/local-chain/compileContracts'
import { nftsReplySchema, SITE_ORIGIN_HEADER } from '@modalkit/protocol'
import { formatQuantity, formatTokenAmount, LOCAL_CHAIN_WORLD } from '@modalkit/shared'
import { expect, type Page, test } from '@playwright/test'
import {
  Contract,
  ContractFactory,
  formatUnits,
  type InterfaceAbi,
  JsonRpcProvider,
  parseUnits,
} from 'ethers'
import { gotoReady, modal } from './helpers.ts'
import { LOCKS } from './locks.ts'
import { PROJECT_ID, SITES, STACK_ENV } from './sites.ts'
import { installTestWallet, TEST_ACCOUNT } from './testWallet.ts'

// Locked (e2e/locks.ts): reads the test account's exact tokens and activity; account 4 sends them.
test.describe.configure({ lock: [LOCKS.testAccount, LOCKS.account4] })

// The Account view on the local chain world: tokens sent by a script with ethers, a token
// deployed during the test, the kittens and the spam collection. Every amount on screen is checked
// against the node, and the indexer's view through the API, not against constants.
const CHAIN = 'eip155:31337'
const nodeUrl = `http://127.0.0.1:${STACK_ENV.EVM_A_PORT}`
const erc20 = [
  'function transfer(address, uint256) returns (bool)',
  'function balanceOf(address) view returns (uint256)',
]

let provider: JsonRpcProvider
test.beforeAll(() => {
  provider = new JsonRpcProvider(nodeUrl, undefined, {
    staticNetwork: true,
    cacheTimeout: -1,
    pollingInterval: 50,
  })
})
test.afterAll(() => provider.destroy())

/** Whether the API's indexer has recorded this transaction in the account's history yet. */
async function indexed(address: string, hash: string, chain = CHAIN): Promise<boolean> {
  const res = await fetch(
    `${STACK_ENV.API_INTERNAL_URL}/v1/account/${address}/history?projectId=${PROJECT_ID}&chainId=${chain}`,
    { headers: { [SITE_ORIGIN_HEADER]: SITES.host } },
  )
  const body = (await res.json()) as { data: { metadata: { hash: string } }[] }
  return body.data.some((tx) => tx.metadata.hash === hash)
}

/** The names of the NFTs the API's indexer lists for the account (metadata read from tokenURI). */
async function nftsIndexed(address: string): Promise<string[]> {
  const res = await fetch(
    `${STACK_ENV.API_INTERNAL_URL}/v1/account/${address}/nfts?projectId=${PROJECT_ID}&chainId=${CHAIN}`,
    { headers: { [SITE_ORIGIN_HEADER]: SITES.host } },
  )
  if (!res.ok) return []
  return nftsReplySchema.parse(await res.json()).nfts.map((nft) => nft.name ?? '')
}

/** The test browser wallet connected through the modal, as a user does it. */
async function connectTestWallet(page: Page) {
  await installTestWallet(page)
  await gotoReady(page)
  await page.getByTestId('connect-button').click()
  await modal(page).getByTestId('wallet-test.wallet').click()
  await expect.poll(() => page.evaluate(() => window.appkit.getAccount('eip155').isConnected)).toBe(true)
}

async function openAccount(
  page: Page,
  network: { id: string; name: string } = { id: CHAIN, name: 'Local Anvil A' },
) {
  await connectTestWallet(page)
  if (network.id !== CHAIN) await page.evaluate((id) => window.appkit.switchNetwork(id), network.id)
  await page.evaluate(() => window.appkit.open())
  await expect(modal(page).getByTestId('account-network')).toHaveText(network.name)
}

const balanceOf = async (token: string) =>
  (await new Contract(token, erc20, provider).getFunction('balanceOf')(TEST_ACCOUNT)) as bigint

test('an ERC-20 sent by a script and a token deployed during the test show in Tokens and Activity', async ({
  page,
}) => {
  const sender = testAccount(4).connect(provider)
  const sent = await (
    await new Contract(LOCAL_CHAIN_WORLD.usd, erc20, sender).getFunction('transfer')(
      TEST_ACCOUNT,
      parseUnits('12.345', 6),
    )
  ).wait()
  const { LocalToken } = compileContracts()
  const factory = new ContractFactory(LocalToken.abi as InterfaceAbi, LocalToken.bytecode, sender)
  const symbol = `T${Date.now().toString(36).slice(-5).toUpperCase()}`
  const fresh = await factory.deploy(`Fresh ${symbol}`, symbol, 8, [TEST_ACCOUNT], [parseUnits('7.5', 8)])
  const deployed = await fresh.deploymentTransaction()?.wait()
  expect(sent?.status).toBe(1)
  await expect.poll(() => indexed(TEST_ACCOUNT, deployed?.hash ?? '')).toBe(true)
  await expect.poll(() => indexed(TEST_ACCOUNT, sent?.hash ?? '')).toBe(true)

  await openAccount(page)
  const m = modal(page)
  // Tokens: what the node says the account holds, to 2 decimals.
  const usd = formatTokenAmount(formatUnits(await balanceOf(LOCAL_CHAIN_WORLD.usd), 6))
  await expect(m.getByTestId('token-LUSD').getByTestId('token-amount')).toHaveText(`${usd} LUSD`)
  const freshAmount = formatTokenAmount(formatUnits(await balanceOf(await fresh.getAddress()), 8))
  expect(freshAmount).toBe('7.50')
  await expect(m.getByTestId(`token-${symbol}`).getByTestId('token-amount')).toHaveText(`7.50 ${symbol}`)
  // Priced from the project's table: 1 LUSD = 1 USD.
  await expect(m.getByTestId('token-LUSD').getByTestId('token-value')).toHaveText(
    `$${Number(usd).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
  )

  // Activity: the receive, with its '+' and 3-decimal quantity, newest first.
  await m.getByTestId('tab-Activity').click()
  const item = m.locator(`[data-testid="activity-item"][data-hash="${sent?.hash}"]`)
  await expect(item.getByTestId('activity-description')).toHaveText(`+${formatQuantity('12.345')} LUSD`)
  await expect(item).toContainText('Received')
  await expect(m.getByTestId('activity-list').locator('h3').first()).toHaveText(
    new Date().toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
  )
})

test('NFTs show with their images; the spam collection does not', async ({ page }) => {
  const owner = (await new Contract(
    LOCAL_CHAIN_WORLD.collection,
    ['function ownerOf(uint256) view returns (address)'],
    provider,
  ).getFunction('ownerOf')(1n)) as string
  expect(owner).toBe(TEST_ACCOUNT)
  // The indexer follows the node on its own: right after the stack starts it may not have reached
  // the collection's blocks yet. Wait until the API lists the kitten, then look as the user does.
  await expect.poll(() => nftsIndexed(TEST_ACCOUNT), { timeout: 30_000 }).toContain('Ginger Kitten #1')
  await openAccount(page)
  const m = modal(page)
  await m.getByTestId('tab-NFTs').click()
  const kitten = m.getByTestId('nft').filter({ hasText: 'Ginger Kitten #1' })
  await expect(kitten).toBeVisible()
  const image = kitten.locator('img')
  await expect(image).toHaveAttribute('src', new RegExp(`^${SITES.api}/v1/nfts/`))
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0)
  await expect(m.getByTestId('nfts-list')).not.toContainText('Claim')
})

test('Activity shows the selected chain only, pages by cursor, and empties with a toast when a fetch fails', async ({
  page,
}) => {
  // Ten transfers on the second chain: with its three deployment mints, more than one page of ten.
  const chainB = 'eip155:31338'
  const providerB = new JsonRpcProvider(`http://127.0.0.1:${STACK_ENV.EVM_B_PORT}`, undefined, {
    staticNetwork: true,
    cacheTimeout: -1,
    pollingInterval: 50,
  })
  const usd = new Contract(LOCAL_CHAIN_WORLD.usd, erc20, testAccount(4).connect(providerB))
  const hashes: string[] = []
  for (let i = 1; i <= 10; i++) {
    const receipt = await (await usd.getFunction('transfer')(TEST_ACCOUNT, parseUnits(`0.${i}`, 6))).wait()
    hashes.push(receipt.hash)
  }
  await expect.poll(() => indexed(TEST_ACCOUNT, hashes.at(-1) ?? '', chainB)).toBe(true)
  await openAccount(page, { id: chainB, name: 'Local Anvil B' })
  const m = modal(page)
  await m.getByTestId('tab-Activity').click()
  const items = m.getByTestId('activity-item')
  await expect(items).toHaveCount(10)
  await m.getByTestId('activity-more').click()
  await expect(items).toHaveCount(13)
  await expect(m.getByTestId('activity-more')).toHaveCount(0)
  // Every one is a transaction of chain B, found on its node; the newest are the ten transfers.
  const shown = await items.evaluateAll((els) => els.map((el) => el.getAttribute('data-hash') ?? ''))
  expect(shown.slice(0, 10)).toEqual([...hashes].reverse())
  for (const hash of shown) expect((await providerB.getTransactionReceipt(hash))?.status).toBe(1)
  providerB.destroy()

  // The history read fails (the API has no switch for that, so the network layer refuses it):
  // SPEC §4 sets the list empty and clears the cursor; SPEC §8's toast says so.
  await page.route('**/history?**', (route) => route.abort())
  await m.getByTestId('tab-Tokens').click()
  await m.getByTestId('tab-Activity').click()
  await expect(m.getByTestId('w3m-toast')).toHaveText('Failed to fetch transactions')
  await expect(m.getByTestId('tabpanel-Activity')).toHaveText('No activity yet')
  await expect(m.getByTestId('activity-more')).toHaveCount(0)
})

test('the Account view whose chunk does not arrive says so, and the modal stays usable', async ({ page }) => {
  // A deploy that removed the old files, or the network gone: the view's chunk fails.
  await page
    .context()
    .route(/\/assets\/Account-[-_A-Za-z0-9]+\.js$/, (route) => route.abort('internetdisconnected'))
  await connectTestWallet(page)
  await page.evaluate(() => window.appkit.open())
  // The modal stays up and says so in its words, instead of going blank.
  await expect(modal(page).getByTestId('view-load-failed')).toContainText('could not be loaded')
  await expect(modal(page).getByTestId('account-network')).toHaveCount(0)
  // Its other views still open, and it closes as ever.
  await page.evaluate(() => window.appkit.open({ view: 'Networks' }))
  await expect(modal(page).getByTestId('view-SwitchNetwork')).toBeVisible()
  await expect(modal(page).getByTestId('view-load-failed')).toHaveCount(0)
  await page.evaluate(() => window.appkit.close())
  await expect.poll(() => page.evaluate(() => window.appkit.getState().open)).toBe(false)
})
