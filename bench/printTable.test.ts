import { describe, expect, it } from 'vitest'
import { printTable } from './printTable.ts'

describe('printTable', () => {
  it('aligns figures, budgets with their verdict and the comparison', () => {
    const table = printTable({ title: 'Bench', ours: 'Modalkit', appkit: 'AppKit' }, [
      { section: 'Bytes' },
      { label: 'loader gzip', ours: '18.2 KB', budget: '≤ 4 KB', appkit: '—', ok: false },
      { label: 'before click', ours: '137 KB', budget: '≤ 150 KB', appkit: '871 KB', ok: true },
      { label: 'eth_chainId', ours: '0.1 ms' },
    ])
    expect(table).toMatchInlineSnapshot(`
      "Bench
                      Modalkit  budget      AppKit
      Bytes
        loader gzip   18.2 KB   ≤ 4 KB ✗    —
        before click  137 KB    ≤ 150 KB ✓  871 KB
        eth_chainId   0.1 ms"
    `)
  })
})
