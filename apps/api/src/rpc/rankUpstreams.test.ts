import { describe, expect, it } from 'vitest'
import { rankUpstreams } from './rankUpstreams.ts'

const ok = (latencyMs: number) => ({ ok: true, latencyMs })
const failed = { ok: false, latencyMs: 0 }

describe('rankUpstreams (SPEC §9: stability 0.7, latency 0.3)', () => {
  it('keeps the configured order while nothing is known', () => {
    expect(rankUpstreams([[], [], []])).toEqual([0, 1, 2])
  })
  it('puts a node that stopped answering behind one that answers', () => {
    expect(rankUpstreams([[failed, failed], [ok(5)]])).toEqual([1, 0])
  })
  it('prefers the faster of two stable nodes', () => {
    expect(
      rankUpstreams([
        [ok(40), ok(60)],
        [ok(2), ok(4)],
      ]),
    ).toEqual([1, 0])
  })
  it('weighs stability over latency: fast but failing half the time loses to slow and steady', () => {
    // fast: 0.7 × 0.5 + 0.3 × (1 − 1/50) = 0.644; steady: 0.7 × 1 + 0.3 × 0 = 0.7
    expect(
      rankUpstreams([
        [ok(1), failed],
        [ok(50), ok(50)],
      ]),
    ).toEqual([1, 0])
    // …but not a node that failed more than stability allows: 0.7 × 0.9 + 0.3 × 0.98 = 0.924 > 0.7
    expect(rankUpstreams([[...Array(9).fill(ok(1)), failed], [ok(50)]])).toEqual([0, 1])
  })
})
