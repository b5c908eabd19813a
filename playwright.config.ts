import { defineConfig } from '@playwright/test'
import { SITES, STACK_ENV } from './e2e/sites.ts'

const secureOrigins = Object.values(SITES).join(',')

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL: SITES.host,
    trace: 'retain-on-failure',
    launchOptions: {
      // Debian's Chromium: Playwright's own browser downloads fail on this machine kind.
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--host-resolver-rules=MAP *.test 127.0.0.1',
        `--unsafely-treat-insecure-origin-as-secure=${secureOrigins}`,
      ],
    },
  },
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
