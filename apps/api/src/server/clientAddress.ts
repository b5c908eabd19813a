import type { IncomingMessage } from 'node:http'
import { BlockList, isIP } from 'node:net'
import ipaddr from 'ipaddr.js'

/** The proxies whose X-Forwarded-For is believed (TRUST_PROXY); empty: none, the socket peer counts. */
export type TrustedProxies = BlockList

/** `::ffff:10.0.0.1` is the IPv4 address seen on a dual-stack socket. */
const plain = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '')
const family = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4')

/**
 * Parses TRUST_PROXY: comma-separated IPs and CIDRs (`10.0.0.0/8,127.0.0.1,fd00::/8`). A wrong entry
 * stops the start: believing a proxy list that says something else would key limits on forged
 * addresses.
 */
export function parseTrustProxy(text: string | undefined): TrustedProxies {
  const list = new BlockList()
  for (const entry of (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [address = '', prefix] = entry.split('/')
    const kind = isIP(address)
    const bits = prefix === undefined ? undefined : Number(prefix)
    if (
      !kind ||
      (bits !== undefined && !(Number.isInteger(bits) && bits >= 0 && bits <= (kind === 4 ? 32 : 128)))
    )
      throw new Error(`TRUST_PROXY: not an IP or CIDR: ${entry}`)
    const type = kind === 4 ? 'ipv4' : 'ipv6'
    if (bits === undefined) list.addAddress(address, type)
    else list.addSubnet(address, bits, type)
  }
  return list
}

function isTrusted(trusted: TrustedProxies, address: string): boolean {
  // No proxy configured (the default): nothing to look up per request.
  if (trusted.rules.length === 0) return false
  return isIP(address) !== 0 && trusted.check(address, family(address))
}

/**
 * An IPv6 client as its /64 (`2001:db8:1:2::/64`): one subscriber's network, in which it picks any of
 * 2^64 addresses at will, so a limit keyed on the whole address would bind nobody. IPv4 stays whole.
 */
export function limitKey(address: string): string {
  if (isIP(address) !== 6) return address
  const parts = ipaddr.IPv6.parse(address).parts.slice(0, 4)
  return `${parts.map((part) => part.toString(16)).join(':')}::/64`
}

/**
 * The client, as rate limits key on it (limitKey: an IPv6 address by its /64). Without trusted
 * proxies: the socket peer (a header anyone can write is never believed). Behind them:
 * X-Forwarded-For read right to left, skipping trusted hops; the first untrusted hop is the client
 * (entries further left were written by the client itself and prove nothing).
 */
export function clientAddress(req: IncomingMessage, trusted: TrustedProxies): string {
  return limitKey(clientHost(req, trusted))
}

function clientHost(req: IncomingMessage, trusted: TrustedProxies): string {
  const peer = plain(req.socket.remoteAddress ?? 'unknown')
  if (!isTrusted(trusted, peer)) return peer
  const header = req.headers['x-forwarded-for']
  const hops = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((s) => plain(s.trim()))
    .filter(Boolean)
  let client = peer
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i]!
    if (isIP(hop) === 0) return client
    client = hop
    if (!isTrusted(trusted, hop)) return hop
  }
  return client
}
