import { describe, expect, it } from 'vitest'
import { hidesBalance } from './hidesBalance.ts'
import { NETWORKS } from './networks.ts'

describe('hidesBalance', () => {
  it('hides the balance on public testnets only: mainnets and the local chains show theirs', () => {
    const hidden = NETWORKS.filter((n) => hidesBalance(n)).map((n) => n.caipNetworkId)
    expect(hidden).toContain('eip155:11155111')
    expect(hidden).toContain('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1')
    for (const shown of [
      'eip155:1',
      'eip155:31337',
      'eip155:31338',
      'solana:GRYnpvyTctLiftw4vtvrNBxCJFxVdCTn',
    ]) {
      expect(hidden).not.toContain(shown)
    }
    expect(hidesBalance(undefined)).toBe(false)
  })
})
