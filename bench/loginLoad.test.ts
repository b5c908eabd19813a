import { describe, expect, it } from 'vitest'
import { loginLoadTable } from './loginLoad.ts'

describe('loginLoadTable', () => {
  it('prints each endpoint with its answers, counts 5xx and unanswered requests as failures, and the mails', () => {
    const table = loginLoadTable([
      {
        database: 'PGlite',
        result: {
          start: { perSecond: 120.4, statuses: { '200': 40, '429': 300 }, p50: 12.25, p99: 80 },
          verify: { perSecond: 900, statuses: { '403': 15, '429': 500, '503': 2, error: 1 }, p50: 3, p99: 9 },
          mail: { expected: 40, delivered: 39, duplicates: 1, drainMs: 1_250 },
        },
      },
    ])
    const [header, start, verify] = table.split('\n')
    expect(header).toMatch(/^database\s+endpoint\s+answers\/s.*5xx or no answer\s+mails\s*$/)
    expect(start).toMatch(
      /^PGlite\s+e-mail start\s+120\s+12\.3 ms\s+80\.0 ms\s+40×200 300×429\s+0\s+39\/40 in 1\.3 s, 1 twice\s*$/,
    )
    expect(verify).toMatch(/code verify\s+900 .* 15×403 500×429 2×503 1×error\s+3\s+—\s*$/)
  })
})
