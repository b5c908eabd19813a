import { execFile } from 'node:child_process'
import { resolve } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { readAuthSecret } from './authKeys.ts'

const run = promisify(execFile)
const ROOT = resolve(import.meta.dirname, '../../../..')
const SECRET = 'x'.repeat(32)

describe('readAuthSecret', () => {
  it('requires at least 32 bytes in production or behind an https API origin', () => {
    expect(() => readAuthSecret({ NODE_ENV: 'production' })).toThrow(/AUTH_SECRET is required in production/)
    expect(() => readAuthSecret({ API_ORIGIN: 'https://api.example' })).toThrow(/AUTH_SECRET is required/)
    expect(() => readAuthSecret({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(31) })).toThrow(
      /at least 32 bytes/,
    )
    expect(readAuthSecret({ NODE_ENV: 'production', AUTH_SECRET: SECRET })).toEqual({
      current: SECRET,
      previous: [],
    })
  })
  it('reads the previous secrets, and makes a random one only in development', () => {
    expect(readAuthSecret({ AUTH_SECRET: SECRET, AUTH_SECRETS_PREVIOUS: ' a , b,' }).previous).toEqual([
      'a',
      'b',
    ])
    expect(readAuthSecret({}).current).toHaveLength(43)
  })
  it('the API process refuses to start in production without it, with a clear message', async () => {
    const started = run(resolve(ROOT, 'node_modules/.bin/tsx'), [resolve(ROOT, 'apps/api/src/main.ts')], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        AUTH_SECRET: '',
        PGLITE_DIR: 'memory://',
        API_PORT: '0',
      },
      timeout: 30_000,
    })
    await expect(started).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('api not started: AUTH_SECRET is required in production'),
    })
  }, 40_000)
})
