import { defineConfig } from '@playwright/test'
import { chromiumArgs, playwrightDisabledFeatures } from './e2e/chromiumSwitches.ts'

/**
 * The production-shape e2e subset (e2e/production): PostgreSQL, two API replicas behind nginx
 * round-robin, the rest of the stack as in the main suite (`start.ts --production`), on ports 700
 * above the main suite's (E2E_PORT_OFFSET still moves both). Set before e2e/sites.ts is read, here
 * and in the workers, which inherit this process's environment.
 */
process.env.E2E_STACK_SHAPE = 'production'
const { SITES, STACK_ENV } = await import('./e2e/sites.ts')

const features = playwrightDisabledFeatures()
const args = [
  ...chromiumArgs(SITES),
  // As real Chrome ships: the secure frame keeps its device share and session (partitioned
  // storage), so a reload after the replicas restart shows what the database kept.
  features.storagePartitioned,
]

export default defineConfig({
  testDir: 'e2e/production',
  fullyParallel: false,
  workers: 1,
  // One retry: on CI's two shared cores a browser flow can still miss a deadline now and then. A test
  // that passes only on its retry is listed as "flaky" in the report, never hidden; one that fails
  // twice fails the run.
  retries: 1,
  forbidOnly: true,
  reporter: [['list']],
  timeout: 60_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL: SITES.host,
    // A trace is recorded on a test's retry only: recording one (a screencast of every frame) took a
    // fifth of each run's time on two cores, most of it in Chromium's compositor (docs/testing.md).
    // A test that fails once and passes on its retry is reported as flaky; one that fails twice
    // leaves the retry's trace.
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      ignoreDefaultArgs: [features.defaultArg],
      args,
    },
  },
  webServer: {
    command: 'node_modules/.bin/tsx scripts/start.ts --no-build --production',
    url: `http://127.0.0.1:${new URL(SITES.host).port}/bare.html`,
    env: { ...STACK_ENV, E2E_STACK_SHAPE: 'production' },
    reuseExistingServer: false,
    timeout: 150_000,
    // SIGTERM, not Playwright's default SIGKILL: start.ts then stops PostgreSQL (pg_ctl runs it apart
    // from this process group) and removes its data and nginx's folder.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'pipe',
    stderr: 'pipe',
  },
})
