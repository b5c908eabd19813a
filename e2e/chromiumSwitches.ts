import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

/**
 * Playwright launches Chromium with `--disable-features=…,ThirdPartyStoragePartitioning,…`, which
 * real Chrome does not: with partitioning off and third-party cookies blocked, a cross-site frame
 * gets no storage at all (as in Safari's strictest settings). The suite runs most tests that way,
 * and the storage tests as real Chrome does: this reads Playwright's own switch (it is not public API)
 * so that exact argument can be left out and the list passed again without that one feature.
 */
export function playwrightDisabledFeatures(): { defaultArg: string; withoutPartitioning: string } {
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
  return {
    defaultArg: `--disable-features=${features.join(',')}`,
    withoutPartitioning: `--disable-features=${features.filter((f) => f !== 'ThirdPartyStoragePartitioning').join(',')}`,
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
