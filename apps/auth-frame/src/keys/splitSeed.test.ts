import { describe, expect, it } from 'vitest'
import { combineShares } from './combineShares.ts'
import { createSeed } from './createSeed.ts'
import { splitSeed } from './splitSeed.ts'

describe('splitSeed / combineShares', () => {
  it('rebuilds the seed from any two of the three shares, in either order', async () => {
    const seed = createSeed()
    const { deviceShare, authShare, recoveryShare } = await splitSeed(seed)
    const pairs = [
      [deviceShare, authShare],
      [authShare, recoveryShare],
      [deviceShare, recoveryShare],
      [recoveryShare, deviceShare],
    ] as const
    for (const [a, b] of pairs) expect(await combineShares(a, b)).toEqual(seed)
  })

  it('does not rebuild it from one share (given twice, or with a forged partner)', async () => {
    const seed = createSeed()
    const { deviceShare, authShare } = await splitSeed(seed)
    await expect(combineShares(deviceShare, deviceShare.slice())).rejects.toThrow('the same share twice')
    // A partner with another x but made-up bytes: the result is not the seed.
    const forged = authShare.slice()
    forged.fill(0, 0, 32)
    expect(await combineShares(deviceShare, forged)).not.toEqual(seed)
  })

  it('gives shares that each differ from the seed and from each other', async () => {
    const seed = createSeed()
    const shares = Object.values(await splitSeed(seed))
    expect(shares).toHaveLength(3)
    for (const share of shares) {
      expect(share).toHaveLength(33)
      expect(share.subarray(0, 32)).not.toEqual(seed)
    }
    expect(new Set(shares.map((s) => s[32])).size).toBe(3)
  })

  it('refuses malformed shares with typed errors, including the x = 0 share that would choose the seed', async () => {
    const { deviceShare } = await splitSeed(createSeed())
    const chosen = new Uint8Array(33).fill(0x41)
    chosen[32] = 0
    await expect(combineShares(deviceShare, chosen)).rejects.toMatchObject({
      code: 'validation_error',
      shortMessage: 'Invalid key share',
      details: 'x coordinate 0',
    })
    await expect(combineShares(deviceShare, new Uint8Array(32))).rejects.toMatchObject({
      details: 'length 32',
    })
    await expect(combineShares(deviceShare, new Uint8Array(17).fill(1))).rejects.toMatchObject({
      details: 'shares of different lengths',
    })
    await expect(splitSeed(new Uint8Array(10))).rejects.toMatchObject({ shortMessage: 'Invalid seed' })
  })
})
