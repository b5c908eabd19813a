import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { isIP, type LookupFunction } from 'node:net'
import ipaddr from 'ipaddr.js'
import { type OutboundPolicy, readOutboundPolicy } from './readOutboundPolicy.ts'

/** Why a fetch of a third party's URL gave nothing: refused before connecting, too big, too slow, or failed. */
export class OutboundFetchError extends Error {
  constructor(
    readonly reason: 'refused' | 'too_large' | 'timeout' | 'failed',
    message: string,
  ) {
    super(message)
    this.name = 'OutboundFetchError'
  }
}

export type GuardedFetchOptions = {
  /** The body is read as it streams and the connection cut when it passes this many bytes. */
  maxBytes: number
  /** One deadline for everything: lookups, redirects, headers and body. */
  timeoutMs: number
}

export type GuardedReply = { status: number; contentType: string; body: Buffer }

const MAX_REDIRECTS = 3
const REDIRECTS = new Set([301, 302, 303, 307, 308])
/** Global unicast IPv6 (2000::/3): what is left of IPv6 once the special ranges are taken out. */
const GLOBAL_IPV6 = ipaddr.parseCIDR('2000::/3')

/**
 * An address a third party's URL may reach: public unicast only. Refused: loopback, private, link-local
 * (169.254.169.254, the cloud metadata service), CGNAT, unique-local, multicast, unspecified, reserved,
 * and IPv6 forms that carry an IPv4 address (mapped, NAT64, 6to4, Teredo), checked as what they carry
 * or refused.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false
  const parsed = ipaddr.process(address)
  if (parsed.range() !== 'unicast') return false
  return parsed.kind() === 'ipv4' || (parsed as ipaddr.IPv6).match(GLOBAL_IPV6)
}

/**
 * The connection's lookup: every address the name resolves to must be public (one private answer
 * refuses the name, so a rebinding name cannot be half right), and the socket connects to the address
 * checked here, never to a second lookup's answer.
 */
const checkedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { all: true, family: options.family ?? 0 }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 4)
    if (addresses.length === 0 || addresses.some((a) => !isPublicAddress(a.address)))
      return callback(
        new OutboundFetchError('refused', `${hostname} resolves to a non-public address`),
        '',
        4,
      )
    if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, addresses)
    callback(null, addresses[0]!.address, addresses[0]!.family)
  })
}

/** Where an `ipfs://` URL is read: through the configured gateway, as any https URL. */
function throughGateway(url: URL, gateway: string): URL {
  const path = `${url.host}${url.pathname}`.replace(/^ipfs\//, '')
  return new URL(`${path}${url.search}`, gateway.endsWith('/') ? gateway : `${gateway}/`)
}

/** Refuses a URL before any connection; answers the URL to request and whether its lookup is checked. */
function admit(url: URL, policy: OutboundPolicy): { url: URL; local: boolean } {
  if (url.protocol === 'ipfs:') return admit(throughGateway(url, policy.ipfsGateway), policy)
  if (url.username || url.password) throw new OutboundFetchError('refused', 'credentials in the URL')
  // Only origins the test stack names (readOutboundPolicy) may be http and on loopback: its local NFTs.
  if (policy.localOrigins.has(url.origin)) return { url, local: true }
  if (url.protocol !== 'https:') throw new OutboundFetchError('refused', `${url.protocol} is not fetched`)
  const host = url.hostname.replace(/^\[|\]$/g, '')
  // An IP written in the URL is connected to without a lookup: it is checked here instead.
  if (isIP(host) !== 0 && !isPublicAddress(host))
    throw new OutboundFetchError('refused', `${host} is not a public address`)
  return { url, local: false }
}

function requestOnce(url: URL, local: boolean, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest
    const req = send(url, {
      method: 'GET',
      signal,
      // No pooled sockets: each connection is made (and its address checked) for this request.
      agent: false,
      ...(local ? {} : { lookup: checkedLookup }),
      headers: { accept: '*/*', 'user-agent': 'modalkit-api' },
    })
    req.on('response', resolve)
    req.on('error', reject)
    req.end()
  })
}

async function readCapped(res: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(res.headers['content-length'])
  if (Number.isFinite(declared) && declared > maxBytes) {
    res.destroy()
    throw new OutboundFetchError('too_large', `the body is ${declared} bytes, over ${maxBytes}`)
  }
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of res as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > maxBytes) {
      res.destroy()
      throw new OutboundFetchError('too_large', `the body passed ${maxBytes} bytes`)
    }
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}

/**
 * The one client for URLs a third party chose (NFT metadata and images): https only (ipfs through the
 * configured gateway), the connection's address checked and pinned, redirects followed by hand and
 * checked again (at most 3), the body streamed under a byte cap and cut past it, one total deadline.
 * Throws OutboundFetchError; any status is answered, the caller decides what it accepts.
 */
export async function guardedFetch(
  target: string,
  options: GuardedFetchOptions,
  policy: OutboundPolicy = readOutboundPolicy(),
): Promise<GuardedReply> {
  const signal = AbortSignal.timeout(options.timeoutMs)
  let url: URL
  try {
    url = new URL(target)
  } catch {
    throw new OutboundFetchError('refused', 'not a URL')
  }
  try {
    for (let hop = 0; ; hop++) {
      const admitted = admit(url, policy)
      const res = await requestOnce(admitted.url, admitted.local, signal)
      const location = res.headers.location
      if (REDIRECTS.has(res.statusCode ?? 0) && location) {
        res.destroy()
        if (hop >= MAX_REDIRECTS) throw new OutboundFetchError('refused', 'too many redirects')
        url = new URL(location, admitted.url)
        continue
      }
      const contentType = (res.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()
      return { status: res.statusCode ?? 0, contentType, body: await readCapped(res, options.maxBytes) }
    }
  } catch (error) {
    if (error instanceof OutboundFetchError) throw error
    if (signal.aborted) throw new OutboundFetchError('timeout', `no answer within ${options.timeoutMs} ms`)
    throw new OutboundFetchError('failed', error instanceof Error ? error.message : String(error))
  }
}
