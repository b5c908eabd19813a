import type { AppKit } from '@modalkit/appkit'
import { installTestWallet } from '../e2e/testWallet.ts'
import { BENCH_VIEWPORT, launchChromium } from './browserArgs.ts'

declare global {
  interface Window {
    appkit: AppKit
  }
}

/**
 * From `window.appkit.open()` on a connected page to the Account view's token
 * balances painted. Each run: a fresh browser context, the test browser wallet (EIP-6963, answering
 * from the local node) connected through the modal, the modal closed; then the host notes the time
 * and opens, and the modal frame notes the first animation frame where LUSD's amount is on screen.
 * Both clocks are epoch-based (`timeOrigin + now`), so the two frames' times compare. The API caches
 * a portfolio 30 s, so after the first run its answer is a cache hit, as for a visitor who reopens.
 */
export async function measureOpenToBalances({
  url,
  browserArgs,
  nodeUrl,
  runs,
}: {
  url: string
  browserArgs: string[]
  nodeUrl: string
  runs: number
}): Promise<number[]> {
  const browser = await launchChromium(browserArgs)
  const times: number[] = []
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ viewport: BENCH_VIEWPORT })
      try {
        const page = await context.newPage()
        // Run by tsx, the wallet's init function is serialized with esbuild's `__name(fn, 'name')`
        // calls in it (Playwright's own test runner adds none): give the page a no-op `__name` first.
        await page.addInitScript({ content: 'window.__name = (target) => target' })
        await installTestWallet(page, { chains: { '0x7a69': nodeUrl } })
        await page.goto(url)
        await page.waitForFunction(() => window.appkit?.getState().initialized === true)
        const modal = page.frameLocator('iframe[data-appkit-frame]')
        await page.getByTestId('connect-button').click()
        await modal.getByTestId('wallet-test.wallet').click()
        await page.waitForFunction(() => window.appkit.getAccount('eip155').isConnected)
        await page.waitForFunction(() => !window.appkit.getState().open)
        const modalFrame = await (await page.$('iframe[data-appkit-frame]'))?.contentFrame()
        if (!modalFrame) throw new Error('no modal frame')
        const painted = modalFrame.evaluate(
          () =>
            new Promise<number>((resolve) => {
              const look = () => {
                const amount = document.querySelector(
                  '[data-testid="token-LUSD"] [data-testid="token-amount"]',
                )
                if (amount && amount.getBoundingClientRect().height > 0)
                  resolve(performance.timeOrigin + performance.now())
                else requestAnimationFrame(look)
              }
              look()
            }),
        )
        const opened = await page.evaluate(() => {
          const at = performance.timeOrigin + performance.now()
          void window.appkit.open()
          return at
        })
        times.push((await painted) - opened)
      } finally {
        await context.close()
      }
    }
  } finally {
    await browser.close()
  }
  return times
}
