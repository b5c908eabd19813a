import { expect } from '@playwright/test'
import puppeteer, { type Browser, type ElementHandle, type Frame, type Page } from 'puppeteer-core'
import { DESKTOP } from '../engineLane.ts'
import { SITES } from '../sites.ts'

/** Debian's Firefox ESR (`apt-get install firefox-esr`; `npm test` installs it when missing). */
export const FIREFOX_ESR = '/usr/bin/firefox-esr'

const HOSTS = Object.values(SITES).map((site) => new URL(site).hostname)

/**
 * Firefox's preferences for the lane, over puppeteer's own test profile (no updates, telemetry,
 * first-run pages or calls home; it lives in a temporary directory removed on close). Every `*.test`
 * site resolves to loopback and counts as a secure context, as Chromium's switches do for the
 * other lanes. Two of puppeteer's choices are put back to what a Firefox user has, since the lane
 * is there to see the product as they do: the popup blocker is on (the approval window must open
 * from the user's click, not because nothing blocks it) and cross-site frames get partitioned
 * storage (Total Cookie Protection, cookie behaviour 5).
 */
export const FIREFOX_PREFS: Record<string, unknown> = {
  'network.dns.localDomains': HOSTS.join(','),
  'network.dns.disableIPv6': true,
  'dom.securecontext.allowlist': HOSTS.join(','),
  // A page counted as secure that posts a form over plain http gets Firefox's "not secure" interstitial
  // instead of the request (the device approval link's form): the local stack is http throughout, as
  // production is https throughout, so that warning has nothing to say here.
  'security.warn_submit_secure_to_insecure': false,
  // For the same reason: in a page counted as secure Firefox rewrites http images to https (mixed
  // content upgrade) and HTTPS-First tries https first; the local stack serves no https at all.
  'security.mixed_content.upgrade_display_content': false,
  'dom.security.https_first': false,
  'dom.disable_open_during_load': true,
  'browser.contentblocking.features.standard': '-tp,tpPrivate,cookieBehavior5,-cryptoTP,-fp',
  'network.cookie.cookieBehavior': 5,
  'app.update.enabled': false,
  'toolkit.telemetry.enabled': false,
  'toolkit.telemetry.server': '',
  'browser.aboutwelcome.enabled': false,
  'network.captive-portal-service.enabled': false,
  'network.connectivity-service.enabled': false,
}

/** Firefox ESR, headless, driven over WebDriver BiDi by puppeteer-core (nothing downloaded). */
export function launchFirefox(): Promise<Browser> {
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_ESR,
    headless: true,
    extraPrefsFirefox: FIREFOX_PREFS,
    defaultViewport: DESKTOP,
  })
}

/** The page's frame (at any depth) loaded from `origin`, once it exists. */
export async function frameOf(page: Page, origin: string): Promise<Frame> {
  let found: Frame | undefined
  await expect
    .poll(
      () => {
        found = page.frames().find((frame) => frame.url().startsWith(`${origin}/`))
        return found !== undefined
      },
      { timeout: 15_000, message: `a frame from ${origin}` },
    )
    .toBe(true)
  return found!
}

/** The element `data-testid=id` of `frame`, once visible. */
export async function byTestId(frame: Frame | Page, id: string, timeout = 15_000): Promise<ElementHandle> {
  const element = await frame.waitForSelector(`[data-testid="${id}"]`, { visible: true, timeout })
  if (!element) throw new Error(`no [data-testid="${id}"]`)
  return element
}

/** How many elements `data-testid=id` `frame` has now. */
export const countTestId = (frame: Frame | Page, id: string): Promise<number> =>
  frame.$$eval(`[data-testid="${id}"]`, (elements) => elements.length)

/**
 * Presses a confirming button of the secure origin as a person does: the pointer comes to rest on
 * it, and only once it armed (500 ms seen whole, 500 ms under the resting pointer) the click comes.
 */
export async function restAndClick(button: ElementHandle): Promise<void> {
  await button.hover()
  await expect
    .poll(() => button.evaluate((element) => element.getAttribute('aria-disabled')), { timeout: 10_000 })
    .not.toBe('true')
  await button.click()
}

/** The user reads a request to its end: its fields' box scrolled to the bottom (Approve waits for it). */
export async function readToEnd(frame: Frame | Page): Promise<void> {
  await frame.$eval('.approval-fields-scroll', (element) => {
    element.scrollTop = element.scrollHeight
  })
}
