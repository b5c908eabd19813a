import { expect, type Page, test } from '@playwright/test'
import { copyPairingUri, loadLoader, modal } from './helpers.ts'
import { createWalletConnectWallet } from './walletConnectWallet.ts'

/** Zerion's id in WalletGuide, the directory Reown AppKit reads: sites moving over name wallets by it. */
const ZERION = 'ecc4036f814562b41a5268adc86270fba1365471402006302e70169465b7ac18'
const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='
const LOCAL_WALLET = {
  id: 'localWallet',
  name: 'Local Wallet',
  homepage: 'https://wallet.example/',
  image_url: PIXEL,
  mobile_link: 'localwallet://',
  desktop_link: 'localwallet://',
  // AppKit's fields the modal does not use: dropped, not refused.
  image_id: 'appkit-image',
  link_mode: null,
}

/** The site's page with appkit.js and these options (a bare page: only what the test sets). */
async function siteWith(page: Page, options: Record<string, unknown>): Promise<void> {
  await loadLoader(page)
  await page.evaluate((o) => window.appkit.init({ projectId: 'demo', ...o }), options)
}

/** The test ids of the Connect view's wallet rows, in order. */
const rows = (page: Page) =>
  modal(page)
    .locator('.mk-list [data-testid]')
    .evaluateAll((all) => all.map((row) => row.getAttribute('data-testid')))

test.describe("AppKit's wallet-list options", () => {
  test('featured wallets first, in order and by WalletGuide ids too; excluded ones nowhere; the site’s own wallet connects but is never kept as recent', async ({
    page,
  }) => {
    const wallet = await createWalletConnectWallet()
    try {
      await siteWith(page, {
        featuredWalletIds: [ZERION, 'rainbow', 'metamask'],
        excludeWalletIds: ['metamask', 'trust'],
        customWallets: [LOCAL_WALLET],
      })
      await page.evaluate(() => window.appkit.open())
      const m = modal(page)
      await expect(m.getByTestId('featured-rainbow')).toBeVisible()
      expect(await rows(page)).toEqual([
        'featured-zerion',
        'featured-rainbow',
        'custom-localWallet',
        'wallet-walletconnect',
        'wallet-all',
      ])
      await expect(m.getByTestId('custom-localWallet').locator('img')).toHaveAttribute('src', PIXEL)

      // AllWallets: the featured and the site's own first, then the directory without them, and
      // without the excluded.
      await m.getByTestId('wallet-all').click()
      const grid = m.getByTestId('wallet-directory')
      await expect(grid.locator('[data-testid^="directory-"]').first()).toBeVisible()
      const tiles = await grid
        .locator('.mk-wallet-tile')
        .evaluateAll((all) => all.map((tile) => tile.getAttribute('data-testid')))
      expect(tiles.slice(0, 3)).toEqual(['featured-zerion', 'featured-rainbow', 'custom-localWallet'])
      for (const gone of ['directory-metamask', 'directory-trust', 'directory-zerion', 'directory-rainbow'])
        expect(tiles).not.toContain(gone)
      // The site's own wallet is searched here, by name, like the directory on the API.
      await m.getByTestId('wallet-search').fill('local')
      await expect(grid.locator('.mk-wallet-tile')).toHaveCount(1)
      await m.getByTestId('custom-localWallet').click()

      await expect(m.getByText('Scan this QR code with Local Wallet')).toBeVisible()
      await expect(m.getByTestId('wc-open-wallet')).toHaveAttribute('href', /^localwallet:\/\/wc\?uri=wc%3A/)
      await expect(m.getByTestId('wc-get-wallet')).toHaveAttribute('href', 'https://wallet.example/')
      await wallet.pair(await copyPairingUri(page))
      await expect
        .poll(() => page.evaluate(() => window.appkit.getAccount('eip155').isConnected), { timeout: 15_000 })
        .toBe(true)
      await page.evaluate(() => window.appkit.disconnect())
      await page.evaluate(() => window.appkit.open())
      await expect(m.getByTestId('custom-localWallet')).toBeVisible()
      await expect(m.locator('[data-testid^="recent-"]')).toHaveCount(0)
    } finally {
      await wallet.close()
    }
  })

  test('includeWalletIds lists only those wallets, in that order; allWallets HIDE takes All Wallets out of Connect', async ({
    page,
  }) => {
    await siteWith(page, { includeWalletIds: ['rainbow', ZERION, 'metamask'], allWallets: 'HIDE' })
    await page.evaluate(() => window.appkit.open())
    const m = modal(page)
    await expect(m.getByTestId('wallet-walletconnect')).toBeVisible()
    await expect(m.getByTestId('wallet-all')).toHaveCount(0)
    await page.evaluate(() => window.appkit.open({ view: 'AllWallets' }))
    const grid = m.getByTestId('wallet-directory')
    await expect(grid).toHaveAttribute('data-count', '3')
    expect(
      await grid
        .locator('.mk-wallet-tile')
        .evaluateAll((all) => all.map((t) => t.getAttribute('data-testid'))),
    ).toEqual(['directory-rainbow', 'directory-zerion', 'directory-metamask'])
  })

  test('ATTACK: the host page lists a wallet whose link is script; the modal refuses the options and never puts it in a link', async ({
    page,
  }) => {
    await siteWith(page, {
      customWallets: [
        { ...LOCAL_WALLET, mobile_link: 'javascript://%0Adocument.title=`pwned`//' },
        { ...LOCAL_WALLET, id: 'second', desktop_link: 'JavaScript://%0Adocument.title=`pwned`//' },
      ],
    })
    const opened = await page.evaluate(() =>
      window.appkit.open().then(
        () => 'opened',
        (e: { code: string; details?: string }) => `${e.code}: ${e.details}`,
      ),
    )
    // Had the modal taken the wallet, its row would lead to an "Open" link carrying the script.
    if (opened === 'opened') {
      const m = modal(page)
      await m.getByTestId('custom-second').click()
      await expect(m.getByTestId('wc-qr')).toHaveAttribute('data-uri-ready', '')
    }
    const scriptLinks = await page
      .frameLocator('iframe[data-appkit-frame]')
      .locator('a[href]')
      .evaluateAll((links) =>
        links.map((a) => a.getAttribute('href')).filter((h) => /^\s*javascript:/i.test(h ?? '')),
      )
    expect(scriptLinks).toEqual([])
    expect(opened).toMatch(/^validation_error: .*customWallets/)
  })
})
