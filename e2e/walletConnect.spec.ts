import type { AppKitNetworkState } from '@modalkit/appkit'
import { expect, test } from '@playwright/test'
import { verifyMessage } from 'ethers'
import { copyPairingUri, expectLogged, gotoReady, loadLoader, modal } from './helpers.ts'
import { SITES } from './sites.ts'
import {
  createSiteWalletConnectClient,
  createWalletConnectWallet,
  WC_SOLANA_ADDRESS,
  WC_SOLANA_CHAIN,
} from './walletConnectWallet.ts'

type WalletConnectWallet = Awaited<ReturnType<typeof createWalletConnectWallet>>

declare global {
  interface Window {
    seenNetworks: AppKitNetworkState[]
  }
}

test.describe('WalletConnect through the local relay, with a real wallet client', () => {
  let wallet: WalletConnectWallet
  test.beforeEach(async () => {
    wallet = await createWalletConnectWallet()
  })
  test.afterEach(async () => {
    await wallet.close()
  })

  test('pairs by the copied URI; the host provider gets the accounts, signs through the wallet, and follows its disconnect', async ({
    page,
  }) => {
    await gotoReady(page)
    await page.getByTestId('connect-button').click()
    await modal(page).getByTestId('wallet-walletconnect').click()
    const uri = await copyPairingUri(page)
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)

    await wallet.pair(uri)
    await expect
      .poll(() => page.evaluate(() => window.appkit.getAccount('eip155').isConnected), { timeout: 15_000 })
      .toBe(true)
    // The wallet is told the site's browser-reported origin, not the modal's it runs in.
    expect(wallet.proposals[0]).toMatchObject({
      origin: SITES.host,
      description: `Connect to ${SITES.host}`,
    })
    expect(wallet.proposals[0]?.chains).toEqual(
      expect.arrayContaining(['eip155:31337', 'eip155:31338', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp']),
    )
    expect(await page.evaluate(() => window.appkit.getState().open)).toBe(false)
    await expectLogged(page, 'event: CONNECT_SUCCESS')
    expect(await page.evaluate(() => window.appkit.getAccount('eip155').address)).toBe(wallet.address)
    expect(await page.evaluate(() => window.appkit.getAccount('solana').caipAddress)).toBe(
      `${WC_SOLANA_CHAIN}:${WC_SOLANA_ADDRESS}`,
    )
    const provider = await page.evaluateHandle(() => window.appkit.getProvider('eip155')!)
    expect(await provider.evaluate((p) => p.request({ method: 'eth_accounts' }))).toEqual([wallet.address])

    const message = 'Sign in to the demo site'
    const signature = await provider.evaluate(
      (p, [text, address]) => p.request({ method: 'personal_sign', params: [text, address] }),
      [message, wallet.address] as const,
    )
    expect(verifyMessage(message, signature as string)).toBe(wallet.address)
    expect(wallet.requests.map((r) => r.method)).toEqual(['personal_sign'])

    // A request the wallet's user declines comes back as EIP-1193 4001.
    const declined = await provider.evaluate((p) =>
      p.request({ method: 'eth_signTypedData_v4', params: ['0x0', '{}'] }).then(
        () => 'signed',
        (e: { code: number }) => e.code,
      ),
    )
    expect(declined).toBe(4001)

    await wallet.disconnectAll()
    await expect
      .poll(() => page.evaluate(() => window.appkit.getAccount('eip155').isConnected), { timeout: 10_000 })
      .toBe(false)
    await expectLogged(page, 'event: DISCONNECT_SUCCESS')
  })

  test('switching to a chain the wallet did not approve is refused with “Chain is not supported”', async ({
    page,
  }) => {
    await gotoReady(page)
    await page.evaluate(() => {
      window.seenNetworks = []
      window.appkit.subscribeNetwork((network) => window.seenNetworks.push(network))
    })
    await page.getByTestId('connect-button').click()
    await modal(page).getByTestId('wallet-walletconnect').click()
    await wallet.pair(await copyPairingUri(page))
    await expect
      .poll(() => page.evaluate(() => window.appkit.getAccount('eip155').isConnected), { timeout: 15_000 })
      .toBe(true)
    const refused = await page.evaluate(() =>
      window.appkit.switchNetwork('eip155:31338').then(
        () => 'switched',
        (e: { shortMessage?: string; message: string }) => e.shortMessage ?? e.message,
      ),
    )
    expect(refused).toBe('Chain is not supported')
    expect(await page.evaluate(() => window.appkit.getState().selectedNetworkId)).toBe('eip155:31337')
    // AppKit's subscribeNetwork says which networks the session approved, and that it is not all.
    expect(await page.evaluate(() => window.seenNetworks.at(-1))).toMatchObject({
      caipNetworkId: 'eip155:31337',
      approvedCaipNetworkIds: ['eip155:31337', WC_SOLANA_CHAIN],
      supportsAllNetworks: false,
    })
  })

  test('AllWallets is a grid of wallet tiles at full size, and scrolling to its end loads the next page', async ({
    page,
  }) => {
    await gotoReady(page)
    await page.getByTestId('connect-button').click()
    const m = modal(page)
    await m.getByTestId('wallet-all').click()
    const grid = m.getByTestId('wallet-directory')
    const tiles = grid.locator('.mk-wallet-tile')
    await expect(tiles).toHaveCount(24)
    const count = Number(await grid.getAttribute('data-count'))
    expect(count).toBeGreaterThan(24)
    // Four tiles to a row, none squashed: tiles and the search field keep their height.
    const boxes = await tiles.evaluateAll((all) =>
      all.slice(0, 5).map((t) => t.getBoundingClientRect().toJSON()),
    )
    expect(new Set(boxes.slice(0, 4).map((b: DOMRect) => b.top)).size).toBe(1)
    expect(boxes[4].top).toBeGreaterThan(boxes[0].top)
    for (const box of boxes) expect(box.height).toBeGreaterThanOrEqual(88)
    expect((await m.getByTestId('wallet-search').boundingBox())?.height).toBeGreaterThanOrEqual(40)
    await expect(tiles.first().locator('img')).toHaveJSProperty('complete', true)

    // Scrolling the grid to its end loads the rest of the directory, with no button to press.
    await grid.evaluate((el) => el.scrollTo(0, el.scrollHeight))
    await expect(tiles).toHaveCount(count)
    await expect(grid.locator('.mk-wallet-grid-end')).toHaveCount(0)
  })

  test('AllWallets searches the directory and a picked wallet gets a deep link; it then shows as recent', async ({
    page,
  }) => {
    await gotoReady(page)
    await page.getByTestId('connect-button').click()
    const m = modal(page)
    await m.getByTestId('wallet-all').click()
    await expect(m.getByTestId('directory-metamask')).toBeVisible()
    await m.getByTestId('wallet-search').fill('rain')
    await expect(m.getByTestId('directory-rainbow')).toBeVisible()
    await expect(m.getByTestId('directory-metamask')).toHaveCount(0)
    await expect(m.getByTestId('directory-rainbow').locator('img')).toHaveJSProperty('complete', true)
    expect(
      await m
        .getByTestId('directory-rainbow')
        .locator('img')
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBe(96)
    await m.getByTestId('wallet-search').fill('no such wallet')
    await expect(m.getByText('No wallet matches “no such wallet”')).toBeVisible()
    await m.getByTestId('wallet-search').fill('rainbow')
    await m.getByTestId('directory-rainbow').click()
    await expect(m.getByTestId('view-ConnectingWalletConnect')).toBeVisible()
    await expect(m.getByText('Scan this QR code with Rainbow')).toBeVisible()
    // Desktop: Rainbow has no desktop app, so no deep link is offered here.
    await expect(m.getByTestId('wc-open-wallet')).toHaveCount(0)
    await wallet.pair(await copyPairingUri(page))
    await expect
      .poll(() => page.evaluate(() => window.appkit.getAccount('eip155').isConnected), { timeout: 15_000 })
      .toBe(true)
    await page.evaluate(() => window.appkit.disconnect())
    await page.getByTestId('connect-button').click()
    await expect(m.getByTestId('recent-rainbow')).toBeVisible()
    await expect(m.getByTestId('recent-rainbow')).toContainText('RECENT')
  })

  test("a site with its own WalletConnect client (AppKit's manualWCControl) shows its pairing with open({ uri })", async ({
    page,
  }) => {
    const site = await createSiteWalletConnectClient('Manual site')
    try {
      await loadLoader(page, { 'data-project-id': 'demo', 'data-manual-control': 'true' })
      await page.waitForFunction(() => window.appkit.getState().initialized === true)
      const { uri, approval } = await site.connect()
      if (!uri) throw new Error('the site client gave no pairing URI')

      // A URI that is not a WalletConnect pairing is refused before anything shows.
      const refused = await page.evaluate(() =>
        window.appkit.open({ uri: 'javascript:alert(1)' }).then(
          () => 'opened',
          (e: { code: string; details?: string }) => `${e.code}: ${e.details}`,
        ),
      )
      expect(refused).toMatch(/^validation_error: .* at uri$/)
      expect(await page.evaluate(() => window.appkit.getState().open)).toBe(false)

      await page.evaluate((u) => window.appkit.open({ uri: u }), uri)
      await expect(modal(page).getByTestId('view-ConnectingWalletConnectBasic')).toBeVisible()
      // The modal shows the site's URI, and made no pairing of its own: the one proposal the wallet
      // gets is the site client's, and the session is the site's, not the modal's.
      expect(await copyPairingUri(page)).toBe(uri)
      await wallet.pair(uri)
      const session = await approval()
      expect(wallet.proposals).toHaveLength(1)
      expect(wallet.proposals[0]?.name).toBe('Manual site')
      expect(session.namespaces.eip155?.accounts).toEqual([`eip155:31337:${wallet.address}`])
      expect(await page.evaluate(() => window.appkit.getAccount('eip155').isConnected)).toBe(false)

      // The site closes the modal once its client is connected, as AppKit's manual-control sites do.
      await page.evaluate(() => window.appkit.close())
      await expect.poll(() => page.evaluate(() => window.appkit.getState().open)).toBe(false)
    } finally {
      await site.close()
    }
  })
})
