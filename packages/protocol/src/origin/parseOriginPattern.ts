/** An allowed-origin pattern split into its anchored parts. */
export type OriginPattern = {
  scheme: 'http:' | 'https:'
  /** Host without the wildcard label, lower case. */
  host: string
  /** `*.host`: any subdomain of `host` (not `host` itself), as CSP host-source wildcards. */
  wildcard: boolean
  /** A port number, or `*` for any, or `undefined` for the scheme's default. */
  port: string | undefined
}

const PATTERN = /^(?:(https?):\/\/)?(\*\.)?([a-z0-9-]+(?:\.[a-z0-9-]+)*)(?::(\d{1,5}|\*))?\/?$/

/**
 * Parses `https://*.good.test`, `http://localhost:5173`, `good.test` (https assumed) into parts,
 * or `undefined` when the text is not an origin pattern (paths, queries and bare `*` are refused).
 */
export function parseOriginPattern(text: string): OriginPattern | undefined {
  const match = PATTERN.exec(text.trim().toLowerCase())
  if (!match) return undefined
  const [, scheme, star, host, port] = match
  if (!host) return undefined
  return {
    scheme: scheme === 'http' ? 'http:' : 'https:',
    host,
    wildcard: star !== undefined,
    port: port === undefined ? undefined : port,
  }
}
