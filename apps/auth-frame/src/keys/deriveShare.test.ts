import { describe, expect, it } from 'vitest'
import { combineShares } from './combineShares.ts'
import { createSeed } from './createSeed.ts'
import { deriveShare } from './deriveShare.ts'
import { shareX } from './shareAtX.ts'
import { splitSeed } from './splitSeed.ts'

describe('deriveShare', () => {
  it('from any two shares makes a new one at a fresh x that rebuilds the seed with each of the three', async () => {
    const seed = createSeed()
    const { deviceShare, authShare, recoveryShare } = await splitSeed(seed)
    const originals = [deviceShare, authShare, recoveryShare]
    const pairs = [
      [deviceShare, authShare],
      [authShare, recoveryShare],
      [recoveryShare, deviceShare],
    ] as const
    for (const [a, b] of pairs) {
      for (let round = 0; round < 20; round++) {
        const derived = await deriveShare(a, b, originals.map(shareX))
        expect(derived).toHaveLength(33)
        expect(originals.map(shareX)).not.toContain(shareX(derived))
        expect(shareX(derived)).not.toBe(0)
        for (const other of originals) expect(await combineShares(derived, other)).toEqual(seed)
      }
    }
  })

  it('two derived shares rebuild the seed together, and the inputs are left as they were', async () => {
    const seed = createSeed()
    const { deviceShare, authShare } = await splitSeed(seed)
    const before = [deviceShare.slice(), authShare.slice()]
    const first = await deriveShare(deviceShare, authShare)
    const second = await deriveShare(deviceShare, authShare, [shareX(first)])
    expect(shareX(second)).not.toBe(shareX(first))
    expect(await combineShares(first, second)).toEqual(seed)
    expect([deviceShare, authShare]).toEqual(before)
  })

  it('skips every excluded x, down to the last free one', async () => {
    const { deviceShare, authShare } = await splitSeed(createSeed())
    const keep = [shareX(deviceShare), shareX(authShare)]
    const free = [...Array(255).keys()].map((i) => i + 1).find((x) => !keep.includes(x))!
    const exclude = [...Array(255).keys()].map((i) => i + 1).filter((x) => x !== free)
    expect(shareX(await deriveShare(deviceShare, authShare, exclude))).toBe(free)
    await expect(deriveShare(deviceShare, authShare, [...exclude, free])).rejects.toMatchObject({
      shortMessage: 'Invalid key share',
      details: 'no unused x coordinate left',
    })
  })

  it('refuses the same share twice and malformed shares', async () => {
    const { deviceShare } = await splitSeed(createSeed())
    await expect(deriveShare(deviceShare, deviceShare.slice())).rejects.toMatchObject({
      details: 'the same share twice',
    })
    await expect(deriveShare(deviceShare, new Uint8Array(33))).rejects.toMatchObject({
      details: 'x coordinate 0',
    })
  })
})
