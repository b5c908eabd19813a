import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { clientAddress, parseTrustProxy } from './clientAddress.ts'

const req = (peer: string, xff?: string) =>
  ({
    socket: { remoteAddress: peer },
    headers: xff === undefined ? {} : { 'x-forwarded-for': xff },
  }) as IncomingMessage

describe('clientAddress', () => {
  const trusted = parseTrustProxy('10.0.0.0/8, 127.0.0.1, fd00::/8')
  it('is the socket peer without trusted proxies, whatever X-Forwarded-For says', () => {
    expect(clientAddress(req('203.0.113.9', '198.51.100.1'), parseTrustProxy(''))).toBe('203.0.113.9')
    expect(clientAddress(req('::ffff:203.0.113.9'), parseTrustProxy(undefined))).toBe('203.0.113.9')
    // A peer that is not a trusted proxy writes what it likes.
    expect(clientAddress(req('203.0.113.9', '198.51.100.1'), trusted)).toBe('203.0.113.9')
  })
  it('reads X-Forwarded-For right to left behind trusted proxies, skipping trusted hops', () => {
    expect(clientAddress(req('127.0.0.1', '198.51.100.7'), trusted)).toBe('198.51.100.7')
    // The client prepended a forged entry; the proxies appended the real one and their own hop.
    expect(clientAddress(req('10.0.0.2', '1.2.3.4, 198.51.100.7, 10.0.0.5'), trusted)).toBe('198.51.100.7')
    expect(clientAddress(req('fd00::1', '2001:db8::5'), trusted)).toBe('2001:db8:0:0::/64')
    expect(clientAddress(req('10.0.0.2', 'garbage, 198.51.100.7'), trusted)).toBe('198.51.100.7')
    expect(clientAddress(req('10.0.0.2', '10.0.0.9'), trusted)).toBe('10.0.0.9')
    expect(clientAddress(req('10.0.0.2'), trusted)).toBe('10.0.0.2')
  })
  it('keys an IPv6 client on its /64, which one subscriber fills at will; IPv4 whole', () => {
    const none = parseTrustProxy('')
    const keys = ['2001:db8:1:2::1', '2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:0db8:0001:0002:0:0:0:7'].map(
      (peer) => clientAddress(req(peer), none),
    )
    expect(new Set(keys)).toEqual(new Set(['2001:db8:1:2::/64']))
    expect(clientAddress(req('2001:db8:1:3::1'), none)).toBe('2001:db8:1:3::/64')
    expect(clientAddress(req('::ffff:198.51.100.7'), none)).toBe('198.51.100.7')
  })
  it('refuses a TRUST_PROXY entry that is not an IP or CIDR', () => {
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(/TRUST_PROXY: not an IP or CIDR: 10.0.0.0\/33/)
    expect(() => parseTrustProxy('proxy.internal')).toThrow(/TRUST_PROXY/)
  })
})
