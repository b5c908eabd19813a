import type { AppKit } from '@modalkit/appkit'
import { type BrowserContext, expect, type FrameLocator, type Page } from '@playwright/test'
import { SITES } from './sites.ts'

declare global {
  interface Window {
    // The loader's API as any site sees it, typed by the npm package (its one source of types).
    appkit: AppKit
  }
}

export const modal = (page: Page): FrameLocator => page.frameLocator('iframe[data-appkit-frame]')

/**
 * Holds every request to `url` on the wire (the ordering a slow server gives a visitor) until
 * `release()`; `requested` resolves once the first one was asked for.
 */
export async function holdRequests(
  context: BrowserContext,
  url: string,
): Promise<{ requested: Promise<void>; release(): void }> {
  let release!: () => void
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  let asked!: () => void
  const requested = new Promise<void>((resolve) => {
    asked = resolve
  })
  await context.route(url, async (route) => {
    asked()
    await released
    await route.continue()
  })
  return { requested, release }
}

/**
 * The overlay closed: see-through, every click passing to the page, and `inert` (out of the tab order
 * and the accessibility tree). Never `visibility: hidden` (createFrame.ts says why).
 */
export async function expectOverlayClosed(page: Page): Promise<void> {
  const frame = page.locator('iframe[data-appkit-frame]')
  await expect(frame).toHaveCSS('opacity', '0')
  await expect(frame).toHaveCSS('pointer-events', 'none')
  await expect(frame).toHaveJSProperty('inert', true)
}

/** Loads a demo page and waits until the modal answered the loader's `init`. */
export async function gotoReady(page: Page, path = '/'): Promise<void> {
  await page.goto(path)
  await page.waitForFunction(() => window.appkit?.getState().initialized === true)
}

/** The demo page's log lines, newest first. */
export async function logLines(page: Page): Promise<string[]> {
  return page.getByTestId('log').locator('li').allTextContents()
}

export async function expectLogged(page: Page, line: string): Promise<void> {
  await expect.poll(() => logLines(page)).toContain(line)
}

/** Console messages of every frame of a page, collected from the start. */
export function collectConsole(page: Page): string[] {
  const lines: string[] = []
  page.on('console', (message) => lines.push(message.text()))
  return lines
}

/** Opens WalletConnect in the modal and reads the pairing URI the way a user would: copy link. */
export async function copyPairingUri(page: Page): Promise<string> {
  for (const origin of [SITES.modal, SITES.host])
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin })
  const m = modal(page)
  await expect(m.getByTestId('wc-qr-code')).toBeVisible({ timeout: 15_000 })
  await m.getByTestId('wc-copy-link').click()
  await expect(m.getByTestId('wc-copy-link')).toHaveText('Link copied')
  // The modal's frame may write the clipboard, not read it: read it as the user's next paste would.
  return page.evaluate(() => navigator.clipboard.readText())
}

/**
 * Opens the demo's page without the script tag and adds the loader as a site would, with these data
 * attributes; without `data-project-id` the page then calls `window.appkit.init()` itself.
 */
export async function loadLoader(
  page: Page,
  attributes: Record<string, string> = {},
  /** Another site's origin than the test's base URL (the demo site). */
  origin = '',
): Promise<void> {
  await page.goto(`${origin}/bare.html`)
  await page.evaluate(
    ({ src, attributes }) =>
      new Promise<void>((resolve, reject) => {
        const script = document.createElement('script')
        script.src = src
        for (const [k, v] of Object.entries(attributes)) script.setAttribute(k, v)
        script.onload = () => resolve()
        script.onerror = () => reject(new Error('loader failed to load'))
        document.head.appendChild(script)
      }),
    { src: `${SITES.modal}/appkit.js`, attributes },
  )
}
