import type { Browser, Page } from '@playwright/test'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HEADLESS_SWITCHES } from '../e2e/chromiumSwitches.ts'
import { launchChromium } from './browserArgs.ts'
import { type ProbeReport, probeInitScript } from './measurePage.ts'

/**
 * The bench's in-page probe in a real Chromium: when it takes the connect button to be on screen.
 * Each page also records, with its own observer, the Element Timing entry of the button's text,
 * which the probe's figure must equal: the rAF callback where the button first has a box runs
 * before that frame is painted and presented.
 */
const SITE = 'http://probe.test'
const BUTTON = '#connect'

// The page's own record of the button's paint, beside the probe's: the text's Element Timing entry.
const WITNESS = `<script>
  window.witness = { renderTime: null, shownAt: null }
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.witness.renderTime ??= entry.renderTime
  }).observe({ type: 'element', buffered: true })
</script>`

const PAGES: Record<string, string> = {
  '/static.html': `<!doctype html><html><head>${WITNESS}</head><body><h1>Site</h1>
    <button id="connect">Connect</button></body></html>`,
  // The button is in the page but hidden while it mounts (as RainbowKit's), then shown: the probe
  // must not take the hidden paint, nor anything before it matched its selector.
  '/mounting.html': `<!doctype html><html><head>${WITNESS}</head><body><h1>Site</h1>
    <div id="wrap" aria-hidden="true" style="opacity:0"><button id="connect">Connect</button></div>
    <script>
      setTimeout(() => {
        const wrap = document.getElementById('wrap')
        wrap.removeAttribute('aria-hidden')
        wrap.style.opacity = '1'
        window.witness.shownAt = performance.now()
      }, 150)
    </script></body></html>`,
  // The page names the button's timing itself: the probe goes by the element, not the name.
  '/named.html': `<!doctype html><html><head>${WITNESS}</head><body><h1>Site</h1>
    <button id="connect" elementtiming="site-connect">Connect</button></body></html>`,
  // Drawn, visible, before it matches the probe's selector: no paint of the matching button comes.
  '/late-match.html': `<!doctype html><html><head>${WITNESS}</head><body><h1>Site</h1>
    <div id="wrap" aria-hidden="true"><button id="connect">Connect</button></div>
    <script>
      setTimeout(() => {
        document.getElementById('wrap').removeAttribute('aria-hidden')
        window.witness.shownAt = performance.now()
      }, 150)
    </script></body></html>`,
}

let browser: Browser

beforeAll(async () => {
  browser = await launchChromium([...HEADLESS_SWITCHES])
})

afterAll(async () => {
  await browser?.close()
})

async function probe(
  path: string,
  button: string,
  initScript = '',
): Promise<{ page: Page; report: ProbeReport }> {
  const context = await browser.newContext()
  await context.route(`${SITE}/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: PAGES[new URL(route.request().url()).pathname] ?? '' }),
  )
  if (initScript) await context.addInitScript({ content: initScript })
  await context.addInitScript({
    content: await probeInitScript({ button, marker: '#none', suppressIdle: false }),
  })
  const page = await context.newPage()
  await page.goto(`${SITE}${path}`)
  await page.waitForFunction('window.__bench.report().buttonAt !== null', undefined, { timeout: 5_000 })
  return { page, report: (await page.evaluate('window.__bench.report()')) as ProbeReport }
}

describe('the bench probe: the connect button on screen', () => {
  it("is the paint of the frame that draws the button, after that frame's rAF", async () => {
    const { page, report } = await probe('/static.html', BUTTON)
    const witness = (await page.evaluate('window.witness')) as { renderTime: number | null }
    expect(witness.renderTime).not.toBeNull()
    expect(report.buttonAt).toBe(witness.renderTime)
    expect(report.buttonBoxAt).not.toBeNull()
    expect(report.buttonAt as number).toBeGreaterThan(report.buttonBoxAt as number)
    expect(report.buttonTiming).toBe('paint')
    await page.context().close()
  })

  it("goes by the button's element where the page named its timing itself", async () => {
    const { page, report } = await probe('/named.html', BUTTON)
    const witness = (await page.evaluate('window.witness')) as { renderTime: number | null }
    expect(report.buttonTiming).toBe('paint')
    expect(report.buttonAt).toBe(witness.renderTime)
    await page.context().close()
  })

  it('counts a button drawn before it matched from its first box once it matches', async () => {
    const { page, report } = await probe('/late-match.html', `:not([aria-hidden="true"]) > ${BUTTON}`)
    const witness = (await page.evaluate('window.witness')) as { renderTime: number | null; shownAt: number }
    // Its text was on screen before it matched, unmarked: Chromium times a text's first paint only.
    expect(witness.renderTime).toBeNull()
    expect(report.buttonTiming).toBe('box')
    expect(report.buttonAt).toBe(report.buttonBoxAt)
    expect(report.buttonAt as number).toBeGreaterThanOrEqual(witness.shownAt)
    await page.context().close()
  })

  it('counts a button hidden while it mounts from when it matches and shows', async () => {
    const { page, report } = await probe('/mounting.html', `:not([aria-hidden="true"]) > ${BUTTON}`)
    const witness = (await page.evaluate('window.witness')) as { renderTime: number | null; shownAt: number }
    // Chromium leaves a paint at opacity 0 out of Element Timing: the text's entry is the shown one.
    expect(witness.renderTime as number).toBeGreaterThanOrEqual(witness.shownAt)
    expect(report.buttonAt).toBe(witness.renderTime)
    expect(report.buttonBoxAt as number).toBeGreaterThanOrEqual(witness.shownAt)
    expect(report.buttonAt as number).toBeGreaterThanOrEqual(report.buttonBoxAt as number)
    await page.context().close()
  })

  it('falls back to the first box in a browser without Element Timing', async () => {
    const withoutElementTiming = `Object.defineProperty(PerformanceObserver, 'supportedEntryTypes', {
      value: Object.freeze(PerformanceObserver.supportedEntryTypes.filter((type) => type !== 'element')),
    })`
    const { page, report } = await probe('/static.html', BUTTON, withoutElementTiming)
    expect(report.buttonAt).not.toBeNull()
    expect(report.buttonAt).toBe(report.buttonBoxAt)
    expect(report.buttonTiming).toBe('box')
    await page.context().close()
  })
})
