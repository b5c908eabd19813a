import { execFile } from 'node:child_process'
import { resolve } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { readOnrampProvider } from './readOnrampProvider.ts'

const run = promisify(execFile)
const ROOT = resolve(import.meta.dirname, '../../../..')
const stand = {
  ONRAMP_PROVIDER_URL: 'http://127.0.0.1:5173/onramp-provider.html',
  ONRAMP_PROVIDER_SECRET: 'a'.repeat(48),
  ONRAMP_TREASURY: '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720',
}
const testStack = { ...stand, MODALKIT_TEST_STACK: 'true', API_HOST: '127.0.0.1' }

describe('readOnrampProvider', () => {
  it('is off unless configured', () => {
    expect(readOnrampProvider({})).toBeUndefined()
  })

  it('runs the stand-in on the test stack, on loopback', () => {
    expect(readOnrampProvider(testStack)).toEqual({
      pageUrl: stand.ONRAMP_PROVIDER_URL,
      secret: stand.ONRAMP_PROVIDER_SECRET,
      treasury: stand.ONRAMP_TREASURY,
    })
  })

  it('refuses an unlocked treasury in production, off loopback or off the test stack', () => {
    for (const env of [
      stand,
      { ONRAMP_TREASURY: stand.ONRAMP_TREASURY },
      { ...testStack, NODE_ENV: 'production' },
      { ...testStack, API_ORIGIN: 'https://api.example' },
      { ...testStack, API_HOST: '0.0.0.0' },
    ])
      expect(() => readOnrampProvider(env)).toThrow(/test stack only/)
  })

  it('refuses a partial configuration and a short webhook secret', () => {
    expect(() => readOnrampProvider({ ...testStack, ONRAMP_PROVIDER_URL: '' })).toThrow(/needs/)
    expect(() => readOnrampProvider({ ...testStack, ONRAMP_PROVIDER_SECRET: 'short' })).toThrow(/32/)
  })

  it('the API process refuses to start in production with the unlocked treasury configured', async () => {
    const started = run(resolve(ROOT, 'node_modules/.bin/tsx'), [resolve(ROOT, 'apps/api/src/main.ts')], {
      env: {
        ...process.env,
        ...testStack,
        NODE_ENV: 'production',
        AUTH_SECRET: 'x'.repeat(32),
        PGLITE_DIR: 'memory://',
        API_PORT: '0',
      },
      timeout: 30_000,
    })
    await expect(started).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('api not started: ONRAMP_TREASURY is an unlocked node account'),
    })
  }, 40_000)
})
