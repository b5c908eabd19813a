import { describe, expect, it } from 'vitest'
import { summarize } from './summarize.ts'

describe('summarize', () => {
  it('gives the median and range, skipping runs without a figure', () => {
    expect(summarize([5, null, 1, 3, undefined, Number.NaN])).toEqual({ median: 3, min: 1, max: 5, n: 3 })
    expect(summarize([4, 1, 2, 3])).toEqual({ median: 2.5, min: 1, max: 4, n: 4 })
  })

  it('is undefined without figures', () => {
    expect(summarize([null, undefined])).toBeUndefined()
  })
})
