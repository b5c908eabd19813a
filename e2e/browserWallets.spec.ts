import { expect, type Page, test } from '@playwright/test'
import { verifyMessage } from 'ethers'
import { expectLogged, gotoReady, loadLoader, modal } from './helpers.ts'
import { LOCKS } from './locks.ts'
import { STACK_ENV } from './sites.ts'
import { installTestWallet, TEST_ACCOUNT } from './testWallet.ts'

// Locked (e2e/locks.ts): the test wallet sends from the test account.
test.describe.configure({ lock: LOCKS.testAccount })

const provider = `window.appkit.getProvider('eip155')`

async function connect(page: Page) {
  await page.getByTestId('connect-button').click()
  await modal(page).getByTestId('wallet-test.wallet').click()
  await expect.poll(() => page.evaluate(() => window.appkit.getAccount('eip155').isConnected)).toBe(true)
}

async function rpc(url: string, method: string, params: unknown[]) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await res.json()) as { result: unknown }).result
}

test.describe('browser wallets announced by the host page (EIP-6963)', () => {
  test.beforeEach(async ({ page }) => {
    await installTestWallet(page)
  })

  test('lists the wallet with its icon as an <img>, connects it, and closes the modal', async ({ page }) => {
    await gotoReady(page)
    await page.getByTestId('connect-button').click()
    const row = modal(page).getByTestId('wallet-test.wallet')
    await expect(row).toContainText('Test Wallet')
    await expect(row).toContainText('INSTALLED')
    await expect(row.locator('img')).toHaveAttribute('src', /^data:image\/svg\+xml,/)
    await row.click()
    await expect.poll(() => page.evaluate(() => window.appkit.getState().open)).toBe(false)
    expect(await page.evaluate(() => window.appkit.getAccount('eip155'))).toMatchObject({
      isConnected: true,
      status: 'connected',
      address: TEST_ACCOUNT,
      caipAddress: `eip155:31337:${TEST_ACCOUNT}`,
    })
    expect(await page.evaluate(`${provider}.request({ method: 'eth_accounts' })`)).toEqual([TEST_ACCOUNT])
    // EIP-7811: this wallet has no wallet_getAssets (its node answers -32601), so the modal answers
    // from the API's balances, silently, and only about the account connected to the site.
    const assets = (await page.evaluate(
      `${provider}.request({ method: 'wallet_getAssets', params: [{ account: '${TEST_ACCOUNT}', chainFilter: ['0x7a69'] }] })`,
    )) as Record<string, { address: string; type: string }[]>
    expect(Object.keys(assets)).toEqual(['0x7a69'])
    expect(assets['0x7a69']).toContainEqual(expect.objectContaining({ address: 'native', type: 'native' }))
    expect(assets['0x7a69']).toContainEqual(expect.objectContaining({ type: 'erc20' }))
    expect(await page.evaluate(() => window.appkit.getState().open)).toBe(false)
    const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    expect(
      await page.evaluate(
        `${provider}.request({ method: 'wallet_getAssets', params: [{ account: '${other}' }] }).catch((e) => e.code)`,
      ),
    ).toBe(4100)
    await expectLogged(page, `provider connect: {"chainId":"0x7a69"}`)
    await expectLogged(page, 'event: CONNECT_SUCCESS')
  })

  test('sends signing and transactions straight to the wallet: the signature verifies, the transaction is mined', async ({
    page,
  }) => {
    await gotoReady(page)
    await connect(page)
    const message = 'Sign in to the demo site'
    const signature = (await page.evaluate(
      `${provider}.request({ method: 'personal_sign', params: ['0x' + Array.from(new TextEncoder().encode(${JSON.stringify(message)})).map((b) => b.toString(16).padStart(2, '0')).join(''), '${TEST_ACCOUNT}'] })`,
    )) as string
    expect(verifyMessage(message, signature)).toBe(TEST_ACCOUNT)

    const hash = (await page.evaluate(
      `${provider}.request({ method: 'eth_sendTransaction', params: [{ from: '${TEST_ACCOUNT}', to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: '0x2386f26fc10000' }] })`,
    )) as string
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    await expect
      .poll(
        async () =>
          (
            (await rpc(`http://127.0.0.1:${STACK_ENV.EVM_A_PORT}`, 'eth_getTransactionReceipt', [hash])) as {
              status?: string
            } | null
          )?.status,
      )
      .toBe('0x1')
  })

  test('switches the wallet to the other local chain', async ({ page }) => {
    await gotoReady(page)
    await connect(page)
    await page.evaluate(() => window.appkit.switchNetwork('eip155:31338'))
    expect(await page.evaluate(`window.__testWallet.state.chainId`)).toBe('0x7a6a')
    expect(await page.evaluate(`${provider}.request({ method: 'eth_chainId' })`)).toBe('0x7a6a')
    expect(await page.evaluate(() => window.appkit.getAccount('eip155').caipAddress)).toBe(
      `eip155:31338:${TEST_ACCOUNT}`,
    )
    await expectLogged(page, 'provider chainChanged: 0x7a6a')
  })

  test('a network of another chain family (Bitcoin) asks first in SwitchActiveChain; the wallet stays connected and follows again on its own networks', async ({
    page,
  }) => {
    const bitcoin = 'bip122:000000000019d6689c085ae165831e93'
    const network = () => page.evaluate(() => window.appkit.getCaipNetwork()?.caipNetworkId)
    await gotoReady(page)
    await connect(page)
    await page.evaluate(() => window.appkit.open({ view: 'SwitchNetwork' }))
    await modal(page).getByTestId(`network-${bitcoin}`).click()
    await expect(modal(page).getByTestId('switch-active-chain-title')).toHaveText('Switch to Bitcoin')
    await expect(modal(page).getByTestId('view-SwitchActiveChain')).toContainText(
      'Your connected wallet does not support Bitcoin networks',
    )
    await modal(page).getByTestId('switch-active-chain-cancel').click()
    await expect(modal(page).getByTestId('view-SwitchNetwork')).toBeVisible()
    expect(await network()).toBe('eip155:31337')

    await modal(page).getByTestId(`network-${bitcoin}`).click()
    await modal(page).getByTestId('switch-active-chain').click()
    await expect(modal(page).getByTestId('view-Connect')).toBeVisible()
    expect(await network()).toBe(bitcoin)
    expect(await page.evaluate(() => window.appkit.getState().activeChain)).toBe('bip122')
    expect(await page.evaluate(() => window.appkit.getAccount('eip155').isConnected)).toBe(true)

    // One of the wallet's own networks: switched at once, the wallet with it.
    await page.evaluate(() => window.appkit.open({ view: 'SwitchNetwork' }))
    await modal(page).getByTestId('network-eip155:31338').click()
    await expect.poll(network).toBe('eip155:31338')
    await expect(modal(page).getByTestId('view-SwitchActiveChain')).toHaveCount(0)
    expect(await page.evaluate(`window.__testWallet.state.chainId`)).toBe('0x7a6a')
  })

  test("shows 'Connection rejected' with a retry when the wallet rejects, and the retry connects", async ({
    page,
  }) => {
    await gotoReady(page)
    await page.evaluate(`window.__testWallet.rejectNext()`)
    await page.getByTestId('connect-button').click()
    await modal(page).getByTestId('wallet-test.wallet').click()
    await expect(modal(page).getByTestId('connect-error')).toHaveText('Connection rejected')
    await expect(modal(page).getByTestId('view-ConnectingExternal')).toBeVisible()
    expect(await page.evaluate(() => window.appkit.getAccount('eip155').status)).toBe('disconnected')
    await modal(page).getByTestId('connect-retry').click()
    await expect.poll(() => page.evaluate(() => window.appkit.getAccount('eip155').isConnected)).toBe(true)
  })

  test('follows the wallet: a wallet-side account removal disconnects the site', async ({ page }) => {
    await gotoReady(page)
    await connect(page)
    await page.evaluate(`window.__testWallet.emit('accountsChanged', [])`)
    await expect
      .poll(() => page.evaluate(() => window.appkit.getAccount('eip155').status))
      .toBe('disconnected')
    await expectLogged(page, 'provider accountsChanged: []')
  })

  test('disconnect() forgets the wallet: requests no longer reach it', async ({ page }) => {
    await gotoReady(page)
    await connect(page)
    await page.evaluate(() => window.appkit.disconnect())
    expect(await page.evaluate(`${provider}.request({ method: 'eth_accounts' })`)).toEqual([])
    const error = await page.evaluate(
      `${provider}.request({ method: 'personal_sign', params: ['0x00', '${TEST_ACCOUNT}'] }).catch((e) => e.code)`,
    )
    expect(error).toBe(4200)
  })
})

test.describe('the next visit (AppKit reconnects the last browser wallet)', () => {
  test.beforeEach(async ({ page }) => {
    await installTestWallet(page)
  })

  const account = (page: Page) => page.evaluate(() => window.appkit.getAccount('eip155'))

  test('a reload reconnects the wallet without a click, and after disconnect() it does not', async ({
    page,
  }) => {
    await gotoReady(page)
    await connect(page)
    await page.evaluate(
      `${provider}.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })`,
    )
    await expect
      .poll(() => page.evaluate(() => window.appkit.getState().selectedNetworkId))
      .toBe('eip155:31338')

    await page.reload()
    await gotoReady(page)
    await expect.poll(() => account(page)).toMatchObject({ isConnected: true, address: TEST_ACCOUNT })
    // On the chain the wallet is on; the modal stays shut and the wallet was not asked again.
    expect(await page.evaluate(() => window.appkit.getState())).toMatchObject({
      open: false,
      selectedNetworkId: 'eip155:31338',
    })
    expect(await page.evaluate(`${provider}.request({ method: 'eth_accounts' })`)).toEqual([TEST_ACCOUNT])
    // Its events are followed again: signing reaches it.
    const signature = (await page.evaluate(
      `${provider}.request({ method: 'personal_sign', params: ['0x68690a', '${TEST_ACCOUNT}'] })`,
    )) as string
    expect(verifyMessage('hi\n', signature)).toBe(TEST_ACCOUNT)

    await page.evaluate(() => window.appkit.disconnect())
    await page.reload()
    await gotoReady(page)
    // Given time to reconnect, it does not: disconnect() is remembered as well.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 1_500)))
    expect((await account(page)).isConnected).toBe(false)
  })

  test('a wallet that took back its grant is not reconnected, and is forgotten', async ({ page }) => {
    await gotoReady(page)
    await connect(page)
    await page.evaluate(() => localStorage.removeItem('__testWallet:granted'))
    await page.reload()
    await gotoReady(page)
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('modalkit:last-browser-wallet')))
      .toBeNull()
    expect((await account(page)).isConnected).toBe(false)
  })

  test("init({ enableReconnect: false }), AppKit's option, starts every visit disconnected", async ({
    page,
  }) => {
    const load = async () => {
      await loadLoader(page)
      await page.evaluate(() => window.appkit.init({ projectId: 'demo', enableReconnect: false }))
      await page.waitForFunction(() => window.appkit.getState().initialized === true)
    }
    await load()
    await page.evaluate(() => window.appkit.open())
    await modal(page).getByTestId('wallet-test.wallet').click()
    await expect.poll(() => account(page)).toMatchObject({ isConnected: true })
    await load()
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 1_500)))
    expect((await account(page)).isConnected).toBe(false)
  })
})

test.describe('untrusted announcements', () => {
  test('a wallet claiming our rdns is left out; an icon that is not an image URL is never shown', async ({
    page,
  }) => {
    await installTestWallet(page, { name: 'Fake Modalkit', rdns: 'dev.modalkit' })
    await installTestWallet(page, {
      name: 'Sneaky',
      rdns: 'sneaky.wallet',
      icon: 'javascript:alert(1)',
    })
    await gotoReady(page)
    await page.getByTestId('connect-button').click()
    await expect(modal(page).getByTestId('wallet-sneaky.wallet')).toBeVisible()
    await expect(modal(page).getByTestId('wallet-sneaky.wallet').locator('img')).toHaveCount(0)
    await expect(modal(page).getByText('Fake Modalkit')).toHaveCount(0)
  })

  test('hundreds of announcements are capped and do not stall the modal', async ({ page }) => {
    await gotoReady(page)
    await page.evaluate(() => {
      for (let i = 0; i < 500; i++) {
        window.dispatchEvent(
          new CustomEvent('eip6963:announceProvider', {
            detail: {
              info: { uuid: `flood-${i}`, name: `Flood ${i}`, rdns: `flood${i}.test`, icon: '' },
              provider: { request: async () => null, on() {}, removeListener() {} },
            },
          }),
        )
      }
    })
    await page.getByTestId('connect-button').click()
    await expect(modal(page).getByTestId('view-Connect')).toBeVisible()
    await expect(modal(page).locator('[data-testid^="wallet-flood"]')).toHaveCount(20)
  })
})

// A phone's user agent: inside a mobile wallet's in-app browser, `window.ethereum` is that wallet.
const PHONE = {
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36',
  viewport: { width: 412, height: 915 },
  isMobile: true,
  hasTouch: true,
}

/** Polls the test ids of the Connect view's first login options, top to bottom, until they equal `expected`. */
async function expectFirstOptions(page: Page, expected: string[]): Promise<void> {
  const options = modal(page).locator('[data-testid="email-input"], [data-testid^="wallet-"]')
  await expect
    .poll(
      () =>
        Promise.all(
          // An option not drawn yet is null for this round: a throw would end the poll at once.
          expected.map((_, i) =>
            options
              .nth(i)
              .getAttribute('data-testid', { timeout: 1_000 })
              .catch(() => null),
          ),
        ),
      // A cold open on two busy cores (two workers) can take longer than expect's 5 s.
      { timeout: 15_000 },
    )
    .toEqual(expected)
}

test.describe('in a mobile wallet’s in-app browser', () => {
  test.use(PHONE)

  test('the wallet that is window.ethereum is offered first, the wallet options above e-mail, and it connects', async ({
    page,
  }) => {
    await installTestWallet(page, { name: 'Other Wallet', rdns: 'other.wallet' })
    await installTestWallet(page, { windowEthereum: { isMetaMask: true } })
    await gotoReady(page)
    await page.getByTestId('connect-button').click()
    await expectFirstOptions(page, [
      'wallet-test.wallet',
      'wallet-other.wallet',
      'wallet-walletconnect',
      'wallet-all',
      'email-input',
    ])
    await expect(modal(page).getByTestId('wallet-test.wallet')).toContainText('IN-APP')
    await expect(modal(page).getByTestId('wallet-other.wallet')).toContainText('INSTALLED')
    await modal(page).getByTestId('wallet-test.wallet').click()
    await expect
      .poll(() => page.evaluate(() => window.appkit.getAccount('eip155').address))
      .toBe(TEST_ACCOUNT)
  })

  test('a wallet that only sets window.ethereum is named by its flags and offered first', async ({
    page,
  }) => {
    await installTestWallet(page, { windowEthereum: { isTrust: true, isMetaMask: true }, announce: false })
    await gotoReady(page)
    await page.getByTestId('connect-button').click()
    await expectFirstOptions(page, [
      'wallet-legacy.injected',
      'wallet-walletconnect',
      'wallet-all',
      'email-input',
    ])
    const row = modal(page).getByTestId('wallet-legacy.injected')
    await expect(row).toContainText('Trust Wallet')
    await expect(row).toContainText('IN-APP')
    await row.click()
    await expect
      .poll(() => page.evaluate(() => window.appkit.getAccount('eip155').address))
      .toBe(TEST_ACCOUNT)
  })
})

test('on a desktop browser window.ethereum is an installed extension, not an in-app browser', async ({
  page,
}) => {
  await installTestWallet(page, { windowEthereum: { isMetaMask: true } })
  await gotoReady(page)
  await page.getByTestId('connect-button').click()
  await expectFirstOptions(page, ['email-input', 'wallet-test.wallet'])
  await expect(modal(page).getByTestId('wallet-test.wallet')).toContainText('INSTALLED')
})
