import { expect, it } from 'vitest'
import { proxyLatencyTable } from './proxyLatency.ts'

it('prints node and proxy side by side: share of throughput and added median latency', () => {
  const cell = (perSecond: number, p50: number, p99: number, errors = 0) => ({ perSecond, p50, p99, errors })
  expect(
    proxyLatencyTable([
      { concurrency: 1, node: cell(10_000, 0.1, 0.3), proxy: cell(5_000, 0.25, 0.9) },
      { concurrency: 64, node: cell(8_000, 3, 9), proxy: cell(4_000, 4.5, 12, 2) },
    ]),
  ).toMatchInlineSnapshot(`
    "conc.  node req/s      proxy req/s  proxy/node  node p50  proxy p50  added p50  node p99  proxy p99
        1       10000             5000        50 %   0.10 ms    0.25 ms    0.15 ms   0.30 ms    0.90 ms
       64        8000  4000 (2 errors)        50 %   3.00 ms    4.50 ms    1.50 ms   9.00 ms   12.00 ms"
  `)
})

it("adds the bare proxy's share of the node's throughput when it ran", () => {
  const cell = (perSecond: number) => ({ perSecond, p50: 0.2, p99: 0.5, errors: 0 })
  const [header, row] = proxyLatencyTable([
    { concurrency: 8, node: cell(20_000), proxy: cell(9_000), bare: cell(9_400) },
  ]).split('\n')
  expect(header).toMatch(/bare proxy\/node$/)
  expect(row).toMatch(/ 45 % .* 47 %$/)
})
