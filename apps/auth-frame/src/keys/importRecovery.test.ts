import { describe, expect, it } from 'vitest'
import { combineShares } from './combineShares.ts'
import { createSeed } from './createSeed.ts'
import { exportRecovery } from './exportRecovery.ts'
import { importRecovery } from './importRecovery.ts'
import { splitSeed } from './splitSeed.ts'

describe('exportRecovery / importRecovery', () => {
  it('round-trips the recovery share, which then rebuilds the seed with the auth share', async () => {
    const seed = createSeed()
    const { authShare, recoveryShare } = await splitSeed(seed)
    const text = exportRecovery(recoveryShare)
    expect(text).toMatch(/^mkr1-[A-Za-z0-9_-]{50}$/) // 33 + 4 bytes: 50 base64url characters, unpadded
    const back = importRecovery(`  ${text.slice(0, 20)}\n${text.slice(20)} `)
    expect(back).toEqual(recoveryShare)
    expect(await combineShares(authShare, back)).toEqual(seed)
  })

  it('says why a text is refused, never returning a share for it', async () => {
    const text = exportRecovery((await splitSeed(createSeed())).recoveryShare)
    const body = text.slice(5)
    const flip = (c: string) => (c === 'A' ? 'B' : 'A')
    const cases: [string, string][] = [
      [`mkr2-${body}`, 'prefix'],
      [body, 'prefix'],
      [`mkr1-${body.slice(0, 10)}!${body.slice(11)}`, 'encoding'],
      [`mkr1-${body}AAA`, 'encoding'], // 53 characters: a length no base64 has
      [`mkr1-${body.slice(0, 40)}`, 'length'],
      [`mkr1-${body.slice(0, 10)}${flip(body[10]!)}${body.slice(11)}`, 'checksum'],
      ['x'.repeat(500), 'length'],
    ]
    for (const [input, reason] of cases) {
      let caught: unknown
      try {
        importRecovery(input)
      } catch (error) {
        caught = error
      }
      expect(caught, input).toMatchObject({
        name: 'RecoveryFormatError',
        code: 'validation_error',
        shortMessage: 'Invalid recovery code',
        reason,
      })
    }
  })
})
