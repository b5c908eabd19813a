import { type Browser, chromium } from '@playwright/test'
import { HEADLESS_SWITCHES } from '../e2e/chromiumSwitches.ts'

/**
 * Chromium's switches for every bench run: headless as this machine needs it, and offline but for
 * the stack's `*.test` sites (every other name fails at once); `origins` are treated as secure.
 */
export function benchBrowserArgs(origins: readonly string[]): string[] {
  return [
    ...HEADLESS_SWITCHES,
    '--host-resolver-rules=MAP *.test 127.0.0.1, EXCLUDE 127.0.0.1, EXCLUDE localhost, MAP * ~NOTFOUND',
    `--unsafely-treat-insecure-origin-as-secure=${origins.join(',')}`,
  ]
}

/** The window every bench page gets. */
export const BENCH_VIEWPORT = { width: 1280, height: 800 }

/** Debian's Chromium, headless, with `args` (benchBrowserArgs, or the e2e suite's chromiumArgs). */
export function launchChromium(args: string[]): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args })
}
