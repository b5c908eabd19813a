import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { readClock } from './readClock.ts'

const dir = mkdtempSync(join(tmpdir(), 'clock-'))
afterEach(() => rmSync(join(dir, 'offset'), { force: true }))

it('is Date.now without the variable', () => {
  expect(readClock({})).toBe(Date.now)
})

it('adds the offset written in the file, read at each call', () => {
  const file = join(dir, 'offset')
  const now = readClock({ AUTH_CLOCK_OFFSET_FILE: file, MODALKIT_TEST_STACK: 'true' })
  expect(Math.abs(now() - Date.now())).toBeLessThan(1_000)
  writeFileSync(file, String(11 * 60_000))
  expect(now() - Date.now()).toBeGreaterThan(10 * 60_000)
  writeFileSync(file, String(-11 * 60_000))
  expect(Math.abs(now() - Date.now())).toBeLessThan(1_000)
  writeFileSync(file, 'not a number')
  expect(Math.abs(now() - Date.now())).toBeLessThan(1_000)
})

it('is refused in production', () => {
  expect(() => readClock({ AUTH_CLOCK_OFFSET_FILE: '/tmp/x', NODE_ENV: 'production' })).toThrow(
    /never production/,
  )
})
