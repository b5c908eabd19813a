import { parseOriginPattern } from './parseOriginPattern.ts'

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' }

/**
 * Whether a browser-reported origin matches an allowed-origin pattern, anchored on scheme, host and
 * port: `https://*.good.test` matches `https://a.good.test` but never `https://good.test.evil.test`
 * nor `http://a.good.test`.
 */
export function matchOrigin(origin: string, pattern: string): boolean {
  const allowed = parseOriginPattern(pattern)
  if (!allowed) return false
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return false
  }
  // Browsers report origins in canonical form; anything else (case, default port, path) is refused.
  if (url.origin !== origin) return false
  if (url.protocol !== allowed.scheme) return false
  const port = url.port || DEFAULT_PORTS[url.protocol]
  if (allowed.port !== '*' && port !== (allowed.port ?? DEFAULT_PORTS[allowed.scheme])) return false
  const host = url.hostname
  return allowed.wildcard ? host.endsWith(`.${allowed.host}`) : host === allowed.host
}

/** Whether an origin matches any pattern of the list. */
export function isOriginAllowed(origin: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => matchOrigin(origin, pattern))
}
