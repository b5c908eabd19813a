import { defineConfig } from '@playwright/test'
import { chromiumArgs, playwrightDisabledFeatures } from './e2e/chromiumSwitches.ts'
import { SITES, STACK_ENV } from './e2e/sites.ts'

const args = chromiumArgs(SITES)
const features = playwrightDisabledFeatures()
/** Playwright workers: two by default, one per core of CI's machine; E2E_WORKERS overrides. */
const WORKERS = Number(process.env.E2E_WORKERS ?? 2)

export default defineConfig({
  testDir: 'e2e',
  // Two workers over the one stack, a file being one worker's job, its tests in order (245 tests in
  // 29.4 minutes on two cores against about 36 for one; docs/testing.md).
  // Parallel-safe is the rule: a spec makes what it changes its own (a fresh e-mail, wallet, key, fid
  // or address; funds from evmNode.ts's fund, whose sender is the worker's own), and reads exact
  // figures only of what is its own. A spec that must change or read exactly what another spec also
  // changes (one of anvil's funded accounts, a fixed name) takes the lock named for it in e2e/locks.ts
  // (`test.describe.configure({ lock })`): specs sharing a lock never run together, in any project,
  // the new engine lanes' included. A test that changes what every test relies on (the API's auth
  // clock) takes LOCKS.alone as a job of its own (in a describe, or a file, of mode 'parallel'): it
  // runs while nothing else does, and the rest of its file does not wait for an idle worker.
  fullyParallel: false,
  workers: WORKERS,
  // One retry: on CI's two shared cores a browser flow can still miss a deadline now and then. A test
  // that passes only on its retry is listed as "flaky" in the report, never hidden; one that fails
  // twice fails the run. With two workers the retry runs while no other test runs (`isolated`), so a
  // deadline missed beside another browser is tried again with the machine to itself.
  retries: 1,
  ...(WORKERS > 1 ? { retryStrategy: 'isolated' as const } : {}),
  forbidOnly: true,
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL: SITES.host,
    // A trace is recorded on a test's retry only: recording one (a screencast of every frame) took a
    // fifth of each run's time on two cores, most of it in Chromium's compositor (docs/testing.md).
    // A test that fails once and passes on its retry is reported as flaky; one that fails twice
    // leaves the retry's trace.
    trace: 'on-first-retry',
    launchOptions: {
      // Debian's Chromium: Playwright's own browser downloads fail on this machine kind.
      executablePath: '/usr/bin/chromium',
      // Playwright's features list given again, with the browser window's unseen parts off.
      ignoreDefaultArgs: [features.defaultArg],
      args: [...args, features.storageDenied],
    },
  },
  projects: [
    {
      // Cross-site frames get no storage here, as in Safari's strictest settings.
      name: 'storage-denied',
      // e2e/production runs against its own stack (playwright.production.config.ts).
      testIgnore: [
        /(storage|keyCustody\.attacks|embeddedMode\.attacks|siwxRevisit)\.spec\.ts/,
        /production\//,
        /\/e2e\/firefox\//,
        /\/e2e\/webkit\//,
      ],
    },
    {
      // As real Chrome: cross-site frames get storage partitioned by the top-level site.
      name: 'storage-partitioned',
      // keyCustody.attacks: device shares must persist per site for its attacks to mean anything;
      // embeddedMode.attacks: a login on the overlay page must still be there on the embedded page.
      // siwxRevisit: a new visit finds its sign-in by the token the modal origin's storage kept.
      testMatch: /(storage|keyCustody\.attacks|embeddedMode\.attacks|siwxRevisit)\.spec\.ts/,
      testIgnore: /\/e2e\/(firefox|webkit)\//,
      use: {
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          ignoreDefaultArgs: [features.defaultArg],
          args: [...args, features.storagePartitioned],
        },
      },
    },
    {
      // Firefox ESR (Debian's), where IntersectionObserver v2 is missing: the approval window and the
      // clickjacking defences as Firefox users get them. Playwright's own Firefox-over-BiDi channel
      // cannot open a page in ESR 153 (it needs emulation.setMediaFeaturesOverride), so these specs
      // drive Firefox through puppeteer-core (WebDriver BiDi) in their bodies and never take the
      // `page` fixture: they share this run's one stack, reporter and helpers, and start no Chromium.
      name: 'firefox-esr',
      testMatch: /\/e2e\/firefox\/.*\.spec\.ts$/,
    },
    {
      // WebKitGTK (Debian's), the engine of Safari and of every browser on iOS, also without
      // IntersectionObserver v2. Playwright's WebKit is a download that fails here and Debian has no
      // build of it, so these specs drive MiniBrowser through Debian's WebKitWebDriver (W3C WebDriver,
      // e2e/webkit/webDriver.ts) in their bodies, like the Firefox lane: one stack, no `page` fixture.
      name: 'webkitgtk',
      testMatch: /\/e2e\/webkit\/.*\.spec\.ts$/,
    },
  ],
  webServer: {
    command: 'node_modules/.bin/tsx scripts/start.ts --no-build',
    url: `http://127.0.0.1:${new URL(SITES.host).port}/bare.html`,
    env: STACK_ENV,
    reuseExistingServer: false,
    timeout: 150_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
})
