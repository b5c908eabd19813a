import { RPC_FALLBACK } from '@modalkit/shared'

/** One observation of a node: did it answer (HTTP 200), and how long the answer's headers took. */
export type UpstreamSample = { ok: boolean; latencyMs: number }

/**
 * SPEC §9's ranking of a chain's nodes: stability (the share of its last samples answered) weighs
 * 0.7, latency (its mean answered latency against the slowest node's, faster scores higher) 0.3. A
 * node never sampled counts as stable, so a new one is tried. Returns the nodes' indexes, best first
 * (ties keep the configured order).
 *
 * @example
 * rankUpstreams([[{ ok: false, latencyMs: 1 }], [{ ok: true, latencyMs: 5 }]]) // [1, 0]
 */
export function rankUpstreams(samples: readonly (readonly UpstreamSample[])[]): number[] {
  const { stability, latency } = RPC_FALLBACK.weights
  const means = samples.map((list) => {
    const answered = list.filter((s) => s.ok)
    return answered.length ? answered.reduce((sum, s) => sum + s.latencyMs, 0) / answered.length : undefined
  })
  const slowest = Math.max(0, ...means.map((m) => m ?? 0))
  const scores = samples.map((list, i) => {
    const stable = list.length ? list.filter((s) => s.ok).length / list.length : 1
    const mean = means[i]
    const fast = mean === undefined ? (list.length ? 0 : 1) : slowest > 0 ? 1 - mean / slowest : 1
    return stability * stable + latency * fast
  })
  return samples.map((_, i) => i).sort((a, b) => scores[b]! - scores[a]! || a - b)
}
