import { expect, test } from '@playwright/test'
import { expectLogged, gotoReady, modal } from './helpers.ts'

test.describe('window.appkit methods from the demo site', () => {
  test('subscribeState calls back on changes and stops after unsubscribing', async ({ page }) => {
    await gotoReady(page)
    const counts = await page.evaluate(async () => {
      const seen: boolean[] = []
      const stop = window.appkit.subscribeState((s) => seen.push((s as { open: boolean }).open))
      await window.appkit.open()
      await new Promise((r) => setTimeout(r, 100))
      const whileSubscribed = seen.length
      stop()
      await window.appkit.close()
      await new Promise((r) => setTimeout(r, 100))
      return { whileSubscribed, after: seen.length, sawOpen: seen.includes(true) }
    })
    expect(counts.sawOpen).toBe(true)
    expect(counts.after).toBe(counts.whileSubscribed)
  })

  test('subscribeEvents and subscribeNetwork unsubscribe too', async ({ page }) => {
    await gotoReady(page)
    const result = await page.evaluate(async () => {
      const events: string[] = []
      const networks: (string | undefined)[] = []
      const stopEvents = window.appkit.subscribeEvents((e) => events.push(e.data.event))
      const stopNetwork = window.appkit.subscribeNetwork((n) => networks.push(n.caipNetworkId))
      await window.appkit.switchNetwork('eip155:31338')
      await new Promise((r) => setTimeout(r, 100))
      stopEvents()
      stopNetwork()
      await window.appkit.switchNetwork('eip155:31337')
      await new Promise((r) => setTimeout(r, 100))
      return { events, networks }
    })
    expect(result).toEqual({ events: ['SWITCH_NETWORK'], networks: ['eip155:31338'] })
  })

  test('getAccount and subscribeAccount report the disconnected state; disconnect() resolves', async ({
    page,
  }) => {
    await gotoReady(page)
    expect(await page.evaluate(() => window.appkit.getAccount())).toEqual({
      allAccounts: [],
      address: undefined,
      caipAddress: undefined,
      isConnected: false,
      status: 'disconnected',
    })
    // window.appkit.disconnect() (the Solana provider's disconnect() button has the same words).
    await page.locator('button[data-call="disconnect"]').click()
    await expectLogged(page, 'ok: disconnect()')
    await expectLogged(page, 'event: DISCONNECT_SUCCESS')
  })

  test('setThemeVariables reaches the modal', async ({ page }) => {
    await gotoReady(page)
    await page.evaluate(() => window.appkit.open())
    const button = modal(page).getByTestId('email-submit')
    await expect(button).toHaveCSS('background-color', 'rgb(59, 108, 246)')
    await page.evaluate(() => window.appkit.setThemeVariables({ '--w3m-accent': '#0a7f5a' }))
    await expect(button).toHaveCSS('background-color', 'rgb(10, 127, 90)')
  })

  test('open({ namespace }) switches to that namespace instead of changing view', async ({ page }) => {
    await gotoReady(page)
    await page.evaluate(() => window.appkit.open({ namespace: 'solana' }))
    await expect(modal(page).getByTestId('view-Connect')).toBeVisible()
    expect(await page.evaluate(() => window.appkit.getState())).toMatchObject({
      activeChain: 'solana',
      selectedNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    })
  })

  test('the modal sends its events to the API, accepted for the allowed site', async ({ page }) => {
    const replies: number[] = []
    page.on('response', (res) => {
      if (res.url().includes('/e?projectId=')) replies.push(res.status())
    })
    await gotoReady(page)
    await page.getByTestId('connect-button').click()
    await expect.poll(() => replies).toEqual([204])
  })
})
