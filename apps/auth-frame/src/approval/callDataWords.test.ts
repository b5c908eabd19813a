import { describe, expect, it } from 'vitest'
import { callDataWords } from './callDataWords.ts'

const ATTACKER = '90f79bf6eb2c4f870365e785982e1f101e93b906'
const word = (hex: string) => hex.padStart(64, '0')

describe('callDataWords', () => {
  it('the selector, then each 32-byte word on its own line: an address in a word stands alone', () => {
    const data = `0x3593564c${word(ATTACKER)}${word('1')}`
    expect(callDataWords(data)).toEqual(['0x3593564c', word(ATTACKER), word('1')])
  })

  it('shows the data whole: a last short word as it is, the lines joined are the data exactly', () => {
    const data = `0xA9059CBB${word('ff')}00ab`
    const lines = callDataWords(data)
    expect(lines).toEqual(['0xA9059CBB', word('ff'), '00ab'])
    expect(lines.join('')).toBe(data)
    const long = `0x12345678${'ab'.repeat(32 * 300 + 5)}`
    expect(callDataWords(long)).toHaveLength(302)
    expect(callDataWords(long).join('')).toBe(long)
  })

  it('data shorter than a selector is one line; no data is an empty selector line', () => {
    expect(callDataWords('0x12')).toEqual(['0x12'])
    expect(callDataWords('0x')).toEqual(['0x'])
  })
})
