import { describe, expect, it } from 'vitest'
import { parseSocialProviders } from './socialProviders.ts'

describe('parseSocialProviders', () => {
  it('reads name → the client, with stand-in endpoints where given', () => {
    const google = { issuer: 'https://accounts.google.com', clientId: 'id', clientSecret: 'secret' }
    const github = {
      clientId: 'gh',
      clientSecret: 's',
      authorizeUrl: 'http://127.0.0.1:8790/github/login/oauth/authorize',
    }
    const apple = {
      clientId: 'com.shop',
      teamId: 'T',
      keyId: 'K',
      privateKey: '-----BEGIN PRIVATE KEY-----…',
    }
    expect(parseSocialProviders(JSON.stringify({ google, github, apple }))).toEqual({ google, github, apple })
    expect(parseSocialProviders(undefined)).toEqual({})
  })
  it('refuses unknown providers and incomplete entries rather than silently dropping them', () => {
    expect(() => parseSocialProviders('{"myspace":{}}')).toThrow('SOCIAL_PROVIDERS: unknown myspace')
    expect(() => parseSocialProviders('{"x":{"clientId":"a"}}')).toThrow(
      'SOCIAL_PROVIDERS.x needs clientSecret',
    )
    // Apple's client secret is a JWT the API signs: it needs the team's key, not a secret.
    expect(() => parseSocialProviders('{"apple":{"clientId":"a","clientSecret":"b"}}')).toThrow(
      'SOCIAL_PROVIDERS.apple needs teamId, keyId, privateKey',
    )
    expect(() => parseSocialProviders('{"x":{"clientId":"a","clientSecret":"b","tokenUrl":"nope"}}')).toThrow(
      'SOCIAL_PROVIDERS.x.tokenUrl is not a URL: nope',
    )
    expect(() => parseSocialProviders('{"x":{"clientId":"a","clientSecret":"b","scope":"all"}}')).toThrow(
      'SOCIAL_PROVIDERS.x: unknown key scope',
    )
  })
})
