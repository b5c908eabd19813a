import { describe, expect, it } from 'vitest'
import { formatBalance } from './formatBalance.ts'

describe('formatBalance', () => {
  it('shows 3 decimals with the symbol', () => {
    expect(formatBalance('1.23456', 'ETH')).toBe('1.235 ETH')
    expect(formatBalance('0.0005', 'ETH')).toBe('0.001 ETH')
    expect(formatBalance('0', 'SOL')).toBe('0.000 SOL')
    expect(formatBalance('21000000', 'BTC')).toBe('21000000.000 BTC')
    expect(
      formatBalance('115792089237316195423570985008687907853269984665640564039457.584007913129639935', 'ETH'),
    ).toBe('115792089237316195423570985008687907853269984665640564039457.584 ETH')
  })

  it("shows '0.00' on testnets and unsupported chains, whatever the value (SPEC §9)", () => {
    expect(formatBalance('1.23456', 'ETH', { testnet: true })).toBe('0.00 ETH')
    expect(formatBalance('1.23456', 'ETH', { supported: false })).toBe('0.00 ETH')
    expect(formatBalance('1.23456', 'ETH', { testnet: true, supported: false })).toBe('0.00 ETH')
    expect(formatBalance('1.23456', 'ETH', { testnet: false, supported: true })).toBe('1.235 ETH')
  })

  it('leaves the symbol out when there is none', () => {
    expect(formatBalance('2.5', '')).toBe('2.500')
    expect(formatBalance('2.5', '', { testnet: true })).toBe('0.00')
  })

  it('keeps the sign of a negative value', () => {
    expect(formatBalance('-0.0015', 'ETH')).toBe('-0.002 ETH')
  })

  it('refuses a value that is not a decimal string, unless it is not shown anyway', () => {
    expect(() => formatBalance('1e-7', 'ETH')).toThrow(RangeError)
    expect(() => formatBalance('', 'ETH')).toThrow(RangeError)
    expect(formatBalance('', 'ETH', { testnet: true })).toBe('0.00 ETH')
  })
})
