import { expect, type Page, test } from '@playwright/test'
import { collectConsole, expectOverlayClosed, gotoReady, loadLoader, modal } from './helpers.ts'
import { SITES } from './sites.ts'
import { installTestWallet, TEST_ACCOUNT } from './testWallet.ts'

declare global {
  interface Window {
    seen: string[]
  }
}

/** The bare page with the one-line install, and a button that counts the clicks it really gets. */
async function siteWithCountingButton(page: Page): Promise<void> {
  await loadLoader(page, { 'data-project-id': 'demo' })
  await page.waitForFunction(() => window.appkit.getState().initialized === true)
  await page.evaluate(() => {
    const button = document.getElementById('connect')
    if (!button) throw new Error('no button')
    button.dataset.clicks = '0'
    button.addEventListener('click', () => {
      button.dataset.clicks = String(Number(button.dataset.clicks) + 1)
    })
    document.addEventListener('keydown', (event) => {
      if (event.key === 'Escape')
        document.body.dataset.escapes = String(Number(document.body.dataset.escapes ?? 0) + 1)
    })
  })
}

/** Clicks where the site's button is, as a user would: whatever is on top there gets the click. */
async function clickButtonSpot(page: Page): Promise<void> {
  const box = await page.getByTestId('connect-button').boundingBox()
  if (!box) throw new Error('the button is not laid out')
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
}

test.describe('a site written for Reown AppKit', () => {
  test('an open() that fails leaves the page as it was: clicks and Escape still reach the site', async ({
    page,
  }) => {
    await siteWithCountingButton(page)
    const error = await page.evaluate(() =>
      // @ts-expect-error: a view name no one has, as a site's typo would give
      window.appkit.open({ view: 'Nope' }).then(
        () => null,
        (e: { code: string; shortMessage: string }) => ({ code: e.code, shortMessage: e.shortMessage }),
      ),
    )
    expect(error?.code).toBe('validation_error')
    expect(await page.evaluate(() => window.appkit.getState().open)).toBe(false)

    await clickButtonSpot(page)
    await expect(page.getByTestId('connect-button')).toHaveAttribute('data-clicks', '1')
    await page.keyboard.press('Escape')
    await expect(page.locator('body')).toHaveAttribute('data-escapes', '1')
    await expectOverlayClosed(page)

    // Refused by the loader before anything changed, with the key's path.
    expect(error?.shortMessage).toBe('Invalid open() arguments')

    // And the modal still opens and closes as before.
    await page.evaluate(() => window.appkit.open())
    await expect(modal(page).getByTestId('view-Connect')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect.poll(() => page.evaluate(() => window.appkit.getState().open)).toBe(false)
    await clickButtonSpot(page)
    await expect(page.getByTestId('connect-button')).toHaveAttribute('data-clicks', '2')
  })

  test('an open() the modal itself refuses (a namespace with no network) hides the overlay again', async ({
    page,
  }) => {
    await siteWithCountingButton(page)
    expect(await page.evaluate(() => window.appkit.getState().open)).toBe(false)
    // Valid for the loader, so the overlay is shown at once; the modal then refuses it.
    const error = await page.evaluate(() =>
      window.appkit.open({ namespace: 'bip122' }).then(
        () => null,
        (e: { shortMessage: string }) => e.shortMessage,
      ),
    )
    expect(error).toBe('Namespace is not configured')
    await expectOverlayClosed(page)
    await clickButtonSpot(page)
    await expect(page.getByTestId('connect-button')).toHaveAttribute('data-clicks', '1')
  })

  test("opens AppKit's view names on SPEC's views", async ({ page }) => {
    await siteWithCountingButton(page)
    const m = modal(page)
    for (const [appkitView, view] of [
      ['Networks', 'SwitchNetwork'],
      ['WhatIsANetwork', 'SwitchNetwork'],
      ['WhatIsAWallet', 'Connect'],
      ['AllWallets', 'AllWallets'],
      ['OnRampProviders', 'OnRampProviders'],
    ] as const) {
      await page.evaluate((name) => window.appkit.open({ view: name }), appkitView)
      await expect(m.getByTestId(`view-${view}`)).toBeVisible()
      expect(await page.evaluate(() => window.appkit.getState().view)).toBe(view)
      await page.evaluate(() => window.appkit.close())
      await expect.poll(() => page.evaluate(() => window.appkit.getState().open)).toBe(false)
    }
  })

  test("init() takes AppKit's quick-start options: objects mapped, unknown keys named in one warning", async ({
    page,
  }) => {
    const consoleLines = collectConsole(page)
    const analyticsPosts: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().startsWith(`${SITES.api}/e?`))
        analyticsPosts.push(request.url())
    })
    await loadLoader(page)
    await page.evaluate(() => {
      // As AppKit's docs write it: network objects from its networks entry, an adapter instance.
      const mainnetLocal = {
        id: 31337,
        name: 'Anvil',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
        chainNamespace: 'eip155',
        caipNetworkId: 'eip155:31337',
      }
      const viemChainB = {
        id: 31338,
        name: 'Anvil B',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      }
      window.appkit.init({
        projectId: 'demo',
        networks: [mainnetLocal, viemChainB],
        defaultNetwork: viemChainB,
        adapters: [{ namespace: 'eip155' }],
        metadata: { name: 'AppKit site', description: 'd', url: location.origin, icons: [] },
        features: { analytics: false, emailShowWallets: true },
        themeVariables: { '--apkt-accent': '#00aa77', '--w3m-z-index': 1000 },
        termsConditionsUrl: 'https://shop.test/terms',
        manualWCControl: false,
        allWallets: 'SHOW',
      })
    })
    await page.waitForFunction(() => window.appkit.getState().initialized === true)
    expect(await page.evaluate(() => window.appkit.getCaipNetwork()?.caipNetworkId)).toBe('eip155:31338')
    const warnings = consoleLines.filter((line) => line.includes('ignored options'))
    expect(warnings).toEqual([
      '[appkit] init() ignored options it does not support: features.emailShowWallets, termsConditionsUrl',
    ])
    await expect(page.locator('iframe[data-appkit-frame]')).toHaveCSS('z-index', '1000')

    await page.evaluate(() => window.appkit.open())
    await expect(modal(page).getByTestId('view-Connect')).toBeVisible()
    await page.evaluate(() => window.appkit.close())
    await expect.poll(() => page.evaluate(() => window.appkit.getState().open)).toBe(false)
    // features.analytics: false: the modal sent nothing to the API's analytics.
    expect(analyticsPosts).toEqual([])
  })

  test('the same page with analytics on posts the modal-open event (the observation above works)', async ({
    page,
  }) => {
    const posts = page.waitForRequest((r) => r.method() === 'POST' && r.url().startsWith(`${SITES.api}/e?`))
    await loadLoader(page, { 'data-project-id': 'demo' })
    await page.waitForFunction(() => window.appkit.getState().initialized === true)
    await page.evaluate(() => window.appkit.open())
    expect((await posts).postDataJSON()).toMatchObject({ props: { event: 'MODAL_OPEN' } })
  })

  test('an option of the wrong type is refused with its path (by the core: the call that needs it rejects, the console says it) and changes nothing', async ({
    page,
  }) => {
    await loadLoader(page)
    const consoleErrors = collectConsole(page)
    const error = await page.evaluate(() => {
      // @ts-expect-error: the wrong type on purpose, as an untyped site would pass it
      window.appkit.init({ projectId: 'demo', features: { analytics: 'yes' } })
      return window.appkit.open().then(
        () => null,
        (e: { code: string; shortMessage: string; details: string }) => {
          const { code, shortMessage, details } = e
          return { code, shortMessage, details }
        },
      )
    })
    expect(error).toEqual({
      code: 'validation_error',
      shortMessage: 'Invalid init() options',
      details: 'custom at features.analytics',
    })
    expect(consoleErrors.some((line) => line.startsWith('[appkit] init() refused its options:'))).toBe(true)
    expect(await page.locator('iframe').count()).toBe(0)
    // Not configured by the refused call: a correct one still works.
    await page.evaluate(() => window.appkit.init({ projectId: 'demo' }))
    await page.waitForFunction(() => window.appkit.getState().initialized === true)
  })

  test("AppKit's getters and subscribers answer from the modal's state; switchNetwork takes a network object", async ({
    page,
  }) => {
    await installTestWallet(page)
    await gotoReady(page)
    const before = await page.evaluate(() => {
      const kit = window.appkit
      window.seen = []
      kit.subscribeProviders((p) => window.seen.push(`providers: ${Object.keys(p).join(',')}`))
      kit.subscribeWalletInfo((info) => window.seen.push(`wallet: ${info?.name}`))
      kit.subscribeTheme((t) => window.seen.push(`theme: ${t.themeMode}`))
      window.appkit.subscribeNetwork((n) =>
        window.seen.push(
          `network: ${JSON.stringify(n, ['caipNetworkId', 'chainId', 'approvedCaipNetworkIds', 'supportsAllNetworks'])}`,
        ),
      )
      return {
        connected: kit.getIsConnectedState(),
        provider: kit.getWalletProvider() === undefined,
        address: kit.getAddress() ?? null,
        open: kit.isOpen(),
        theme: kit.getThemeMode(),
        error: kit.getError(),
        chainId: kit.getChainId(),
        caipNetworkId: kit.getCaipNetworkId(),
        namespace: kit.getActiveChainNamespace(),
      }
    })
    expect(before).toEqual({
      connected: false,
      provider: true,
      address: null,
      open: false,
      theme: 'light',
      error: '',
      chainId: 31337,
      caipNetworkId: 'eip155:31337',
      namespace: 'eip155',
    })

    await page.getByTestId('connect-button').click()
    // The button's open() is not awaited by the page: the modal's state reaches the getter a message later.
    await expect.poll(() => page.evaluate(() => window.appkit.isOpen())).toBe(true)
    await modal(page).getByTestId('wallet-test.wallet').click()
    await expect.poll(() => page.evaluate(() => window.appkit.getIsConnectedState())).toBe(true)
    const after = await page.evaluate(() => {
      const kit = window.appkit
      return {
        address: kit.getAddress(),
        caipAddress: kit.getCaipAddress('eip155'),
        sameProvider: kit.getWalletProvider() === window.appkit.getProvider('eip155'),
        wallet: kit.getWalletInfo(),
      }
    })
    expect(after).toEqual({
      address: TEST_ACCOUNT,
      caipAddress: `eip155:31337:${TEST_ACCOUNT}`,
      sameProvider: true,
      wallet: expect.objectContaining({ name: 'Test Wallet', type: 'ANNOUNCED' }),
    })

    // A network object, as AppKit's sites pass one (its networks entry's shape).
    await page.evaluate(() =>
      window.appkit.switchNetwork({
        id: 31338,
        name: 'Anvil B',
        chainNamespace: 'eip155',
        caipNetworkId: 'eip155:31338',
      }),
    )
    await expect.poll(() => page.evaluate(() => window.appkit.getChainId())).toBe(31338)
    await page.evaluate(() => window.appkit.setThemeMode('dark'))
    await page.evaluate(() => window.appkit.setThemeVariables({ '--apkt-accent': '#123456' }))
    expect(await page.evaluate(() => window.appkit.getThemeVariables())).toEqual({
      '--w3m-accent': '#123456',
    })
    await expect
      .poll(() => page.evaluate(() => window.seen))
      .toEqual([
        'providers: eip155',
        'wallet: Test Wallet',
        'network: {"caipNetworkId":"eip155:31338","chainId":31338,"supportsAllNetworks":true}',
        'theme: dark',
        'theme: dark',
      ])
    const refused = await page.evaluate(() =>
      // @ts-expect-error: a network object without an id, on purpose
      window.appkit.switchNetwork({ name: 'no id' }).then(
        () => null,
        (e: { shortMessage: string }) => e.shortMessage,
      ),
    )
    expect(refused).toBe('Network Not Found')
  })

  test('addNetwork and removeNetwork change the networks switchNetwork accepts', async ({ page }) => {
    await gotoReady(page)
    const switchTo = (id: string) =>
      page.evaluate(
        (target) =>
          window.appkit.switchNetwork(target).then(
            () => 'switched',
            (e: { shortMessage: string }) => e.shortMessage,
          ),
        id,
      )
    expect(await switchTo('eip155:8453')).toBe('Network Not Found')
    await page.evaluate(() =>
      window.appkit.addNetwork('eip155', {
        id: 8453,
        name: 'Base',
        chainNamespace: 'eip155',
        caipNetworkId: 'eip155:8453',
      }),
    )
    expect(await switchTo('eip155:8453')).toBe('switched')
    expect(await switchTo('eip155:31337')).toBe('switched')
    await page.evaluate(() => window.appkit.removeNetwork('eip155', 31338))
    expect(await switchTo('eip155:31338')).toBe('Network Not Found')
    const refused = await page.evaluate(() =>
      window.appkit.addNetwork('solana', { id: 1, caipNetworkId: 'eip155:1' }).then(
        () => null,
        (e: { shortMessage: string }) => e.shortMessage,
      ),
    )
    expect(refused).toBe('Network Not Found')
  })
})
