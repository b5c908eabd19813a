import { describe, expect, it } from 'vitest'
import { avatarColors } from './avatarColors.ts'

describe('avatarColors', () => {
  it('gives one seed the same avatar every time, and different seeds different ones', () => {
    expect(avatarColors('eip155:31337')).toEqual(avatarColors('eip155:31337'))
    const seeds = ['eip155:31337', 'eip155:31338', 'Rabby', 'Phantom', 'LUSD', 'eip155:1']
    expect(new Set(seeds.map((seed) => avatarColors(seed).from)).size).toBe(seeds.length)
  })
  it('keeps the two hues at least 40° apart, so it is a gradient and never one flat colour', () => {
    for (const seed of ['a', 'b', 'Local Anvil A', 'x'.repeat(300)]) {
      const { from, to } = avatarColors(seed)
      const hue = (c: string) => Number(/^hsl\((\d+) /.exec(c)?.[1])
      const gap = Math.abs(hue(from) - hue(to))
      expect(Math.min(gap, 360 - gap)).toBeGreaterThanOrEqual(40)
    }
  })
})
