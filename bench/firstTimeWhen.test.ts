import { describe, expect, it } from 'vitest'
import { firstTimeWhen } from './firstTimeWhen.ts'

const visible = (v: number) => v > 0.01
const opaque = (v: number) => v >= 0.99

describe('firstTimeWhen', () => {
  it('waits for the frame element in the parent and the marker inside it', () => {
    const marker = [
      { t: 100, v: 1 }, // rendered before the click, frame still hidden: does not count
      { t: 210, v: 0.2 },
      { t: 226, v: 0.6 },
      { t: 243, v: 1 },
    ]
    const frameElement = [
      { t: 205, v: 0 },
      { t: 221, v: 1 },
    ]
    expect(firstTimeWhen([marker, frameElement], 200, visible)).toBe(221)
    expect(firstTimeWhen([marker, frameElement], 200, opaque)).toBe(243)
  })

  it('multiplies opacities along the chain', () => {
    const marker = [{ t: 10, v: 0.995 }]
    const frameElement = [{ t: 10, v: 0.99 }]
    expect(firstTimeWhen([marker, frameElement], 0, opaque)).toBeUndefined()
    expect(firstTimeWhen([marker, frameElement], 0, visible)).toBe(10)
  })

  it('is undefined when nothing shows', () => {
    expect(firstTimeWhen([[{ t: 5, v: 0 }]], 0, visible)).toBeUndefined()
    expect(firstTimeWhen([], 0, visible)).toBeUndefined()
  })
})
