import { describe, expect, it } from 'vitest'
import { readClientLimitFactor } from './readClientLimitFactor.ts'

describe('readClientLimitFactor', () => {
  it('is 1 unless set', () => {
    expect(readClientLimitFactor({})).toBe(1)
  })

  it('scales only on the test stack, never in production or over https', () => {
    const test = { AUTH_CLIENT_LIMIT_FACTOR: '20', MODALKIT_TEST_STACK: 'true' }
    expect(readClientLimitFactor(test)).toBe(20)
    expect(() => readClientLimitFactor({ AUTH_CLIENT_LIMIT_FACTOR: '20' })).toThrow(/test stack/)
    expect(() => readClientLimitFactor({ ...test, NODE_ENV: 'production' })).toThrow(/test stack/)
    expect(() => readClientLimitFactor({ ...test, API_ORIGIN: 'https://api.example' })).toThrow(/test stack/)
  })

  it('refuses what is not a whole number from 1 to 1000', () => {
    expect(readClientLimitFactor({ AUTH_CLIENT_LIMIT_FACTOR: '1000', MODALKIT_TEST_STACK: 'true' })).toBe(
      1000,
    )
    for (const bad of ['0', '-3', '2.5', 'many', '1001'])
      expect(() =>
        readClientLimitFactor({ AUTH_CLIENT_LIMIT_FACTOR: bad, MODALKIT_TEST_STACK: 'true' }),
      ).toThrow(/whole number/)
  })
})
