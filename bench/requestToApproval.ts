import type { Frame } from '@playwright/test'
// Also types `window.appkit` (e2e/helpers.ts).
import { logInByEmail } from '../e2e/embeddedLogin.ts'
import { BENCH_VIEWPORT, launchChromium } from './browserArgs.ts'

/** The first animation frame (epoch clock) where `selector` has a box in `frame`. */
function firstPaint(frame: Frame, selector: string): Promise<number> {
  return frame.evaluate(
    (target) =>
      new Promise<number>((resolve) => {
        const look = () => {
          const element = document.querySelector(target)
          if (element && element.getBoundingClientRect().height > 0)
            resolve(performance.timeOrigin + performance.now())
          else requestAnimationFrame(look)
        }
        look()
      }),
    selector,
  )
}

/**
 * From the page's `personal_sign` to the secure frame's approval on screen. One browser,
 * one embedded wallet logged in by e-mail (the secure frame loaded, as for a user who signed in),
 * then `runs` requests: the host notes the time and asks, the modal frame notes its first frame with
 * the secure frame shown over its slot, and the secure frame its first frame with the approval; the
 * later of the two is when the approval is on screen (both clocks epoch-based). Each request is then
 * declined by closing the modal (4001), and the next one waits until the approval has gone.
 */
export async function measureRequestToApproval({
  url,
  browserArgs,
  maildevWebPort,
  runs,
}: {
  url: string
  browserArgs: string[]
  maildevWebPort: string
  runs: number
}): Promise<number[]> {
  if (!maildevWebPort) throw new Error('requestToApproval: the stack names no MAILDEV_WEB_PORT')
  const browser = await launchChromium(browserArgs)
  const times: number[] = []
  try {
    const context = await browser.newContext({ viewport: BENCH_VIEWPORT })
    // Run by tsx, functions given to evaluate() carry esbuild's `__name(fn, 'name')` calls (as in
    // openToBalances.ts): every frame gets a no-op `__name` first.
    await context.addInitScript({ content: 'window.__name = (target) => target' })
    const page = await context.newPage()
    await page.goto(url)
    await page.waitForFunction(() => window.appkit?.getState().initialized === true)
    // The e2e suite's login, as a user does it (device link, code, recovery text), on the bench's
    // mailbox (mailbox.ts reads BENCH_MAILDEV_WEB_PORT).
    process.env.BENCH_MAILDEV_WEB_PORT = maildevWebPort
    await logInByEmail(page, `bench-${Date.now()}@example.test`)
    await page.waitForFunction(() => !window.appkit.getState().open)
    const address = await page.evaluate(() => window.appkit.getAccount('eip155').address ?? '')
    const modalFrame = await (await page.$('iframe[data-appkit-frame]'))?.contentFrame()
    const secureFrame = await (await modalFrame?.$('iframe[data-testid="auth-frame"]'))?.contentFrame()
    if (!modalFrame || !secureFrame) throw new Error('no modal or secure frame')
    for (let i = 0; i < runs; i++) {
      const painted = Promise.all([
        firstPaint(modalFrame, 'iframe[data-testid="auth-frame"][data-visible]'),
        firstPaint(secureFrame, '[data-testid="approval"]'),
      ])
      painted.catch(() => {}) // awaited below; a failure must not end the process before that
      const asked = await page.evaluate((from) => {
        const at = performance.timeOrigin + performance.now()
        const message = `0x${[...new TextEncoder().encode(`Bench ${at}`)].map((b) => b.toString(16).padStart(2, '0')).join('')}`
        window.appkit
          .getProvider('eip155')
          .request({ method: 'personal_sign', params: [message, from] })
          .catch(() => {}) // declined below
        return at
      }, address)
      times.push(Math.max(...(await painted)) - asked)
      await page.evaluate(() => window.appkit.close())
      await secureFrame.waitForFunction(() => document.querySelector('[data-testid="approval"]') === null)
      await page.waitForFunction(() => !window.appkit.getState().open)
    }
  } finally {
    await browser.close()
  }
  return times
}
