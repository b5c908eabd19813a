import { describe, expect, it } from 'vitest'
import { readConfig } from './config.ts'

describe('readConfig', () => {
  it('gives the stand-in on-ramp provider a webhook secret on the loopback test stack only', () => {
    expect(readConfig({ MODALKIT_TEST_STACK: 'true' }).onrampProviderSecret).toMatch(/^[0-9a-f]{48}$/)
    expect(readConfig({}).onrampProviderSecret).toBeUndefined()
    expect(
      readConfig({ MODALKIT_TEST_STACK: 'true', BIND_HOST: '0.0.0.0' }).onrampProviderSecret,
    ).toBeUndefined()
    expect(readConfig({ ONRAMP_PROVIDER_SECRET: 's'.repeat(40) }).onrampProviderSecret).toBeUndefined()
  })
})
