import { describe, expect, it } from 'vitest'
import { isPublicAddress } from './guardedFetch.ts'
import { readOutboundPolicy } from './readOutboundPolicy.ts'

describe('readOutboundPolicy', () => {
  it('opens local origins to the test stack only, never production', () => {
    const local = { NFT_FETCH_LOCAL_ORIGINS: 'http://127.0.0.1:5173', MODALKIT_TEST_STACK: 'true' }
    expect([...readOutboundPolicy(local).localOrigins]).toEqual(['http://127.0.0.1:5173'])
    expect(readOutboundPolicy({}).localOrigins.size).toBe(0)
    for (const env of [
      { NFT_FETCH_LOCAL_ORIGINS: 'http://127.0.0.1:5173' },
      { ...local, NODE_ENV: 'production' },
      { ...local, API_ORIGIN: 'https://api.example.com' },
    ])
      expect(() => readOutboundPolicy(env)).toThrow(/test stack/)
  })
})

describe('isPublicAddress', () => {
  it('refuses every address inside a network, in every spelling', () => {
    const inside = [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:169.254.169.254',
      '::7f00:1',
      '64:ff9b::a00:1',
      'not-an-ip',
    ]
    expect(inside.filter(isPublicAddress)).toEqual([])
    expect(['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111'].every(isPublicAddress)).toBe(true)
  })
})
