import { describe, expect, it } from 'vitest'
import { padGasEstimate } from './padGasEstimate.ts'

describe('padGasEstimate', () => {
  it('keeps a plain transfer exact and adds half to a contract call', () => {
    expect(padGasEstimate(21_000n)).toBe(21_000n)
    expect(padGasEstimate(115_232n)).toBe(172_848n)
    expect(padGasEstimate(115_232n, 30_000_000n)).toBe(172_848n)
  })

  it('stays under 90% of the block gas limit, but never below the estimate itself', () => {
    expect(padGasEstimate(20_000_000n, 30_000_000n)).toBe(27_000_000n)
    expect(padGasEstimate(28_000_000n, 30_000_000n)).toBe(28_000_000n)
  })
})
