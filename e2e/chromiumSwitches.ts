import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

/**
 * Parts of the browser window that a headless run never shows but that Chromium builds for every
 * window: the address bar's popup is a web page (chrome://omnibox-popup.top-chrome) loaded in a
 * renderer of its own when a window opens, about 2.4 CPU-seconds each time on this machine kind
 * (a page's window, a popup's, a mail tab's), more than the product's own three frames take to load
 * (docs/testing.md). No test looks at the address bar.
 */
export const UNSEEN_BROWSER_UI = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxFullPopup',
  'WebUIOmniboxAimPopup',
] as const

/**
 * Playwright launches Chromium with `--disable-features=…,ThirdPartyStoragePartitioning,…`, which
 * real Chrome does not: with partitioning off and third-party cookies blocked, a cross-site frame
 * gets no storage at all (as in Safari's strictest settings). The suite runs most tests that way,
 * and the storage tests as real Chrome does. Chromium reads only the last `--disable-features`, so
 * this reads Playwright's own list (it is not public API), for that exact argument to be left out
 * (`defaultArg`) and the list passed again with UNSEEN_BROWSER_UI: as Playwright has it
 * (`storageDenied`), or without ThirdPartyStoragePartitioning (`storagePartitioned`).
 */
export function playwrightDisabledFeatures(): {
  defaultArg: string
  storageDenied: string
  storagePartitioned: string
} {
  const require = createRequire(import.meta.url)
  const root = dirname(require.resolve('playwright-core/package.json'))
  const source = readFileSync(join(root, 'lib', 'coreBundle.js'), 'utf8')
  const block = /disabledFeatures = \[([\s\S]*?)\]\.filter\(Boolean\)/.exec(source)?.[1]
  const features = block ? [...block.matchAll(/^\s*"([A-Za-z0-9]+)"/gm)].map((m) => m[1]!) : []
  if (!features.includes('ThirdPartyStoragePartitioning')) {
    throw new Error(
      'playwright-core no longer disables ThirdPartyStoragePartitioning where expected: revisit e2e/chromiumSwitches.ts',
    )
  }
  const disable = (list: readonly string[]) =>
    `--disable-features=${[...list, ...UNSEEN_BROWSER_UI].join(',')}`
  return {
    defaultArg: `--disable-features=${features.join(',')}`,
    storageDenied: disable(features),
    storagePartitioned: disable(features.filter((f) => f !== 'ThirdPartyStoragePartitioning')),
  }
}

/** Debian's Chromium headless as this machine kind needs it: no sandbox as root, no GPU, no calls home. */
export const HEADLESS_SWITCHES = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
] as const

/**
 * Debian's Chromium headless as this machine kind needs it (no sandbox as root, no GPU, no calls
 * home), with every `*.test` site on loopback and treated as secure, so each part of the product
 * runs on its own site over plain http.
 */
export function chromiumArgs(sites: Record<string, string>): string[] {
  return [
    ...HEADLESS_SWITCHES,
    '--host-resolver-rules=MAP *.test 127.0.0.1',
    `--unsafely-treat-insecure-origin-as-secure=${Object.values(sites).join(',')}`,
  ]
}
