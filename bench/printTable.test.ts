import { describe, expect, it } from 'vitest'
import { printTable } from './printTable.ts'

describe('printTable', () => {
  it('aligns figures, budgets with their verdict and the comparison', () => {
    const table = printTable(
      { title: 'Bench', ours: 'Modalkit', others: [{ id: 'appkit', name: 'AppKit' }] },
      [
        { section: 'Bytes' },
        { label: 'loader gzip', ours: '18.2 KB', budget: '≤ 4 KB', others: { appkit: '—' }, ok: false },
        { label: 'before click', ours: '137 KB', budget: '≤ 150 KB', others: { appkit: '871 KB' }, ok: true },
        { label: 'eth_chainId', ours: '0.1 ms' },
      ],
    )
    expect(table).toMatchInlineSnapshot(`
      "Bench
                      Modalkit  budget      AppKit
      Bytes
        loader gzip   18.2 KB   ≤ 4 KB ✗    —
        before click  137 KB    ≤ 150 KB ✓  871 KB
        eth_chainId   0.1 ms"
    `)
  })

  it('gives each comparison a column in the header order; a section never widens the first', () => {
    const table = printTable(
      {
        title: 'Bench',
        ours: 'Modalkit',
        others: [
          { id: 'appkit', name: 'AppKit 1.8' },
          { id: 'rainbowkit', name: 'RainbowKit 2.2' },
          { id: 'privy', name: 'Privy 3.45' },
        ],
      },
      [
        { section: 'Time, a heading longer than any label' },
        {
          label: 'clickable',
          ours: '50 ms',
          budget: '≤ 5 ms',
          ok: true,
          others: { privy: 'n/a (needs servers)', appkit: '400 ms', rainbowkit: '300 ms' },
        },
        { label: 'painted', ours: '40 ms', others: { rainbowkit: '290 ms' } },
      ],
    )
    expect(table).toMatchInlineSnapshot(`
      "Bench
                   Modalkit  budget    AppKit 1.8  RainbowKit 2.2  Privy 3.45
      Time, a heading longer than any label
        clickable  50 ms     ≤ 5 ms ✓  400 ms      300 ms          n/a (needs servers)
        painted    40 ms                           290 ms"
    `)
  })
})
