import { describe, expect, it } from 'vitest'
import { parseSocialProviders } from './socialProviders.ts'

describe('parseSocialProviders', () => {
  it('reads name → { issuer, clientId, clientSecret }', () => {
    const google = { issuer: 'https://accounts.google.com', clientId: 'id', clientSecret: 'secret' }
    expect(parseSocialProviders(JSON.stringify({ google }))).toEqual({ google })
    expect(parseSocialProviders(undefined)).toEqual({})
  })
  it('refuses unknown providers and incomplete entries rather than silently dropping them', () => {
    expect(() => parseSocialProviders('{"myspace":{}}')).toThrow('SOCIAL_PROVIDERS: unknown myspace')
    expect(() => parseSocialProviders('{"x":{"issuer":"https://x.test"}}')).toThrow(
      'SOCIAL_PROVIDERS.x needs issuer, clientId and clientSecret strings',
    )
    expect(() => parseSocialProviders('{"x":{"issuer":"nope","clientId":"a","clientSecret":"b"}}')).toThrow()
  })
})
