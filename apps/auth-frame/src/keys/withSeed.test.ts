import { describe, expect, it } from 'vitest'
import { createSeed } from './createSeed.ts'
import { splitSeed } from './splitSeed.ts'
import { withSeed } from './withSeed.ts'

describe('withSeed', () => {
  it('hands the rebuilt seed to the call and wipes it after, also when the call throws', async () => {
    const seed = createSeed()
    const { deviceShare, authShare } = await splitSeed(seed)
    let seen: Uint8Array | undefined
    const result = await withSeed([deviceShare, authShare], (s) => {
      seen = s
      return s.slice()
    })
    expect(result).toEqual(seed)
    expect(seen).toEqual(new Uint8Array(32))

    await expect(
      withSeed([authShare, deviceShare], async (s) => {
        seen = s
        throw new Error('refused')
      }),
    ).rejects.toThrow('refused')
    expect(seen).toEqual(new Uint8Array(32))
  })

  it('refuses the same share twice before calling', async () => {
    const { deviceShare } = await splitSeed(createSeed())
    let called = false
    await expect(
      withSeed([deviceShare, deviceShare], () => {
        called = true
      }),
    ).rejects.toMatchObject({ name: 'InvalidShareError' })
    expect(called).toBe(false)
  })
})
