import { expect, test } from '@playwright/test'
import { collectConsole, expectLogged, expectOverlayClosed, gotoReady, logLines, modal } from './helpers.ts'

test.describe('the modal on the demo site, across three real sites', () => {
  test('opens from the Connect button, emits events, and closes with Escape', async ({ page }) => {
    await gotoReady(page)
    const frame = page.locator('iframe[data-appkit-frame]')
    await expectOverlayClosed(page)

    await page.getByTestId('connect-button').click()
    await expect(modal(page).getByTestId('view-Connect')).toBeVisible()
    await expect(frame).toHaveCSS('opacity', '1')
    await expect(frame).toHaveJSProperty('inert', false)
    expect(await page.evaluate(() => window.appkit.getState())).toMatchObject({ open: true, view: 'Connect' })
    await expectLogged(page, 'event: MODAL_OPEN')

    await page.keyboard.press('Escape')
    await expect.poll(() => page.evaluate(() => window.appkit.getState().open)).toBe(false)
    await expectLogged(page, 'event: MODAL_CLOSE')
    await expectOverlayClosed(page)
    // Closed, the keyboard goes through the page's own controls and never into the see-through frame.
    const focused: string[] = []
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab')
      focused.push(await page.evaluate(() => document.activeElement?.tagName ?? ''))
    }
    expect(focused).not.toContain('IFRAME')
    expect(focused).toContain('BUTTON')
  })

  test('closes from the close button and from window.appkit.close()', async ({ page }) => {
    await gotoReady(page)
    await page.getByTestId('connect-button').click()
    await modal(page).getByTestId('header-close').click()
    await expect.poll(() => page.evaluate(() => window.appkit.getState().open)).toBe(false)

    await page.evaluate(() => window.appkit.open())
    await expect(modal(page).getByTestId('view-Connect')).toBeVisible()
    await page.evaluate(() => window.appkit.close())
    await expect.poll(() => page.evaluate(() => window.appkit.getState().open)).toBe(false)
  })

  test('open() is loading (SPEC §4) until the modal shows its view, on the first open of a page and on a later one', async ({
    page,
  }) => {
    /** Records the `loading` values subscribeState gives, as they change, then opens the modal. */
    const openRecording = () =>
      page.evaluate(() => {
        const seen: boolean[] = []
        ;(window as unknown as { loadingSeen: boolean[] }).loadingSeen = seen
        const stop = window.appkit.subscribeState(({ loading }) => {
          if (seen.at(-1) !== loading) seen.push(loading)
        })
        void window.appkit.open().finally(() => setTimeout(stop, 2_000))
      })
    const seen = () => page.evaluate(() => (window as unknown as { loadingSeen: boolean[] }).loadingSeen)
    const state = () => page.evaluate(() => window.appkit.getState())

    // As soon as the script has run: its core and the modal's frame may still be on their way.
    await page.goto('/')
    await page.waitForFunction(() => window.appkit !== undefined)
    await openRecording()
    await expect(modal(page).getByTestId('view-Connect')).toBeVisible()
    await expect.poll(state).toMatchObject({ open: true, loading: false })
    expect(await seen()).toEqual([true, false])

    await page.evaluate(() => window.appkit.close())
    await expect.poll(() => state().then((s) => s.open)).toBe(false)
    await openRecording()
    await expect.poll(state).toMatchObject({ open: true, loading: false })
    expect(await seen()).toEqual([true, false])
  })

  test('walks the view stack: push, then back to the first view, which offers no back; back at one view closes', async ({
    page,
  }) => {
    await gotoReady(page)
    await page.getByTestId('connect-button').click()
    const m = modal(page)
    await m.getByText('All Wallets').click()
    await expect(m.getByTestId('view-AllWallets')).toBeVisible()
    expect(await page.evaluate(() => window.appkit.getState().view)).toBe('AllWallets')

    await m.getByTestId('header-back').click()
    await expect(m.getByTestId('view-Connect')).toBeVisible()
    await expect(m.getByTestId('header-back')).toHaveCount(0)
    expect(await page.evaluate(() => window.appkit.getState().open)).toBe(true)
    await page.evaluate(() => window.appkit.close())
    await expect.poll(() => page.evaluate(() => window.appkit.getState().open)).toBe(false)

    // A view opened alone is the only one in the stack: its own back button closes the modal.
    await page.evaluate(() => window.appkit.open({ view: 'BuyInProgress' }))
    await expect(m.getByTestId('view-BuyInProgress')).toBeVisible()
    await m.getByTestId('onramp-done').click()
    await expect.poll(() => page.evaluate(() => window.appkit.getState().open)).toBe(false)
    await expectOverlayClosed(page)
  })

  test('opens an explicit view, and Connect again after closing (close resets)', async ({ page }) => {
    await gotoReady(page)
    await page.evaluate(() => window.appkit.open({ view: 'SwitchNetwork' }))
    await expect(modal(page).getByTestId('view-SwitchNetwork')).toBeVisible()
    await page.evaluate(() => window.appkit.close())
    await expect.poll(() => page.evaluate(() => window.appkit.getState().view)).toBe('Connect')
  })

  test('switches networks: state, subscribers and the provider see it', async ({ page }) => {
    await gotoReady(page)
    expect(await page.evaluate(() => window.appkit.getCaipNetwork()?.caipNetworkId)).toBe('eip155:31337')
    await page.getByRole('button', { name: "switchNetwork('eip155:31338')" }).click()
    await expectLogged(page, 'network: eip155:31338')
    await expectLogged(page, 'provider chainChanged: 0x7a6a')
    expect(await page.evaluate(() => window.appkit.getState().selectedNetworkId)).toBe('eip155:31338')
    const chainId = await page.evaluate(() =>
      window.appkit.getProvider('eip155')?.request({ method: 'eth_chainId' }),
    )
    expect(chainId).toBe('0x7a6a')
  })

  test('remembers the network across a reload: the modal and getCaipNetwork() start on the last one used', async ({
    page,
  }) => {
    await gotoReady(page)
    const network = () => page.evaluate(() => window.appkit.getCaipNetwork()?.caipNetworkId)
    expect(await network()).toBe('eip155:31337')
    await page.evaluate(() => window.appkit.open({ view: 'Networks' }))
    await modal(page).getByTestId('network-eip155:31338').click()
    await expect.poll(network).toBe('eip155:31338')

    await gotoReady(page)
    expect(await network()).toBe('eip155:31338')
    await page.evaluate(() => window.appkit.open({ view: 'Networks' }))
    await expect(modal(page).getByTestId('network-eip155:31338')).toHaveAttribute('data-selected', '')
    await expect(modal(page).getByTestId('network-eip155:31337')).not.toHaveAttribute('data-selected')
  })

  test("rejects a network that is not configured with 'Network Not Found'", async ({ page }) => {
    await gotoReady(page)
    const error = await page.evaluate(() =>
      window.appkit.switchNetwork('eip155:10').then(
        () => null,
        (e: { code: unknown; shortMessage: string }) => ({ code: e.code, shortMessage: e.shortMessage }),
      ),
    )
    expect(error).toEqual({ code: 'network_not_found', shortMessage: 'Network Not Found' })
    expect(await page.evaluate(() => window.appkit.getState().selectedNetworkId)).toBe('eip155:31337')
  })

  test('switches the theme from the host', async ({ page }) => {
    await gotoReady(page)
    await page.evaluate(() => window.appkit.open())
    const root = modal(page).locator('[data-theme]').first()
    await expect(root).toHaveAttribute('data-theme', 'light')
    await page.evaluate(() => window.appkit.setThemeMode('dark'))
    await expect(root).toHaveAttribute('data-theme', 'dark')
  })

  test('keeps focus inside the modal while it is open', async ({ page }) => {
    await gotoReady(page)
    await page.getByTestId('connect-button').click()
    await expect(modal(page).getByTestId('view-Connect')).toBeVisible()
    for (let i = 0; i < 12; i++) await page.keyboard.press('Tab')
    const focusIsInFrame = await page.evaluate(() => document.activeElement?.tagName === 'IFRAME')
    expect(focusIsInFrame).toBe(true)
  })

  test('embedded mode mounts the modal in the given element, already showing its view', async ({ page }) => {
    const console = collectConsole(page)
    await gotoReady(page, '/embedded.html')
    const frame = page.getByTestId('embed-target').locator('iframe[data-appkit-frame]')
    await expect(frame).toBeVisible()
    await expect(modal(page).getByTestId('view-Connect')).toBeVisible()
    await expect.poll(async () => (await frame.boundingBox())?.height ?? 0).toBeGreaterThan(100)
    expect(console.filter((l) => l.includes('dropped message'))).toEqual([])
  })

  test('the log shows nothing unexpected after a full session', async ({ page }) => {
    await gotoReady(page)
    await page.getByTestId('connect-button').click()
    await page.keyboard.press('Escape')
    await expect.poll(() => logLines(page)).toContain('event: MODAL_CLOSE')
    expect((await logLines(page)).filter((l) => l.startsWith('error'))).toEqual([])
  })
})
