import { describe, expect, it } from 'vitest'
import { processKind } from './processKind.ts'

const cmd = (...args: string[]) => `${args.join('\0')}\0`

describe('processKind', () => {
  it('tells Chromium’s processes apart by their --type', () => {
    expect(processKind(cmd('/usr/lib/chromium/chromium', '--headless', '--no-sandbox'))).toBe(
      'Chromium browser',
    )
    expect(processKind(cmd('/usr/lib/chromium/chromium', '--type=renderer', '--lang=en'))).toBe(
      'Chromium renderers',
    )
    expect(processKind(cmd('/usr/lib/chromium/chromium', '--type=gpu-process'))).toBe('Chromium GPU')
    expect(processKind(cmd('/usr/lib/chromium/chromium', '--type=utility'))).toBe('Chromium utility')
  })

  it('names the stack’s parts by the program start.ts runs for them', () => {
    expect(processKind(cmd('/w/node_modules/@foundry-rs/anvil-linux-x64/bin/anvil', '--port', '18545'))).toBe(
      'anvil (EVM nodes)',
    )
    expect(processKind(cmd('node', '/w/node_modules/.bin/alto', '--entrypoints', '0x0'))).toBe(
      'Alto bundlers',
    )
    expect(processKind(cmd('/usr/bin/node', '--import', 'tsx', '/w/apps/api/src/main.ts'))).toBe('API')
    expect(processKind(cmd('/usr/bin/node', '--import', 'tsx', '/w/apps/local-solana/src/main.ts'))).toBe(
      'Solana node',
    )
    expect(processKind(cmd('node', '/w/node_modules/.bin/tsx', 'scripts/start.ts', '--no-build'))).toBe(
      'start.ts (sites, SMTP, OpenID)',
    )
    expect(processKind(cmd('node', '/w/node_modules/playwright/cli.js', 'test'))).toBe('Playwright (node)')
    expect(processKind(cmd('/bin/sh', '-c', 'true'))).toBe('other')
  })
})
