import { parseOriginPattern } from './parseOriginPattern.ts'

/**
 * The CSP `frame-ancestors` directive for a list of allowed-origin patterns; `'none'` when no
 * pattern is valid, so an empty or broken allowlist fails closed.
 */
export function toFrameAncestors(patterns: readonly string[]): string {
  const sources = patterns.flatMap((text) => {
    const p = parseOriginPattern(text)
    if (!p) return []
    const port = p.port === undefined ? '' : `:${p.port}`
    return [`${p.scheme}//${p.wildcard ? '*.' : ''}${p.host}${port}`]
  })
  return `frame-ancestors ${sources.length > 0 ? [...new Set(sources)].join(' ') : "'none'"}`
}
