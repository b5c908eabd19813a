import { describe, expect, it } from 'vitest'
import { roundDecimal } from './roundDecimal.ts'

describe('roundDecimal', () => {
  it('rounds half up, exactly where floats do not', () => {
    expect(roundDecimal('0.0005', 3)).toBe('0.001')
    expect(roundDecimal('0.0004999999', 3)).toBe('0.000')
    expect(roundDecimal('1.005', 2)).toBe('1.01') // (1.005).toFixed(2) is '1.00'
    expect(roundDecimal('1.0049', 2)).toBe('1.00')
    expect(roundDecimal('0.1', 20)).toBe('0.10000000000000000000')
  })

  it('carries into the integer part', () => {
    expect(roundDecimal('0.9995', 3)).toBe('1.000')
    expect(roundDecimal('999.9999', 3)).toBe('1000.000')
    expect(roundDecimal('9.5', 0)).toBe('10')
  })

  it('pads to the given places', () => {
    expect(roundDecimal('7', 2)).toBe('7.00')
    expect(roundDecimal('7.', 3)).toBe('7.000')
    expect(roundDecimal('.5', 1)).toBe('0.5')
    expect(roundDecimal('007.10', 3)).toBe('7.100')
    expect(roundDecimal('+2.5', 0)).toBe('3')
  })

  it('keeps huge values exact', () => {
    expect(roundDecimal('123456789012345678901234567890.9995', 3)).toBe('123456789012345678901234567891.000')
    expect(roundDecimal(`${'9'.repeat(400)}.9999`, 2)).toBe(`1${'0'.repeat(400)}.00`)
  })

  it('rounds negatives on the magnitude and drops the sign of zero', () => {
    expect(roundDecimal('-1.2345', 2)).toBe('-1.23')
    expect(roundDecimal('-0.0005', 3)).toBe('-0.001')
    expect(roundDecimal('-0.0004', 3)).toBe('0.000')
    expect(roundDecimal('-0', 2)).toBe('0.00')
  })

  it('agrees with Intl.NumberFormat on decimal strings', () => {
    const format = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: 3,
      maximumFractionDigits: 3,
      useGrouping: false,
      signDisplay: 'negative',
    })
    const values = [
      '0.0005',
      '2.0015',
      '-2.0015',
      '1234.56789',
      '0.00049',
      '99999999999999999999.9995',
      '-0.0001',
    ]
    for (const value of values)
      expect(roundDecimal(value, 3), value).toBe(format.format(value as `${number}`))
  })

  it('refuses what is not a plain decimal', () => {
    for (const bad of [
      '',
      '.',
      '-',
      '+.',
      'abc',
      '1e5',
      '1,000.5',
      ' 1',
      '1 ',
      '0x10',
      '1.2.3',
      'NaN',
      'Infinity',
      '--1',
    ]) {
      expect(() => roundDecimal(bad, 2), bad).toThrow(RangeError)
    }
    expect(() => roundDecimal('1e5', 2)).toThrowErrorMatchingInlineSnapshot(
      `[RangeError: Not a decimal number: "1e5"]`,
    )
  })

  it('refuses negative or fractional places', () => {
    expect(() => roundDecimal('1', -1)).toThrow('Invalid decimal places: -1')
    expect(() => roundDecimal('1', 1.5)).toThrow('Invalid decimal places: 1.5')
  })
})
