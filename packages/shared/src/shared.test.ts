import { describe, expect, it } from 'vitest'
import { isEvmAddress, isSolanaAddress, truncateAddress } from './addresses.ts'
import {
  formatBalance,
  formatRelativeDate,
  formatTokenAmount,
  formatUnits,
  remainingCooldownSeconds,
  roundDecimal,
} from './format.ts'
import { BUILT_IN_NETWORK_IDS, getNetwork, NETWORKS, toHexChainId } from './networks.ts'
import { parseCaipAddress, parseCaipNetworkId } from './parseCaip.ts'

describe('CAIP parsing', () => {
  it('parses network ids with a known namespace and exactly two parts', () => {
    expect(parseCaipNetworkId('eip155:1')).toEqual({
      namespace: 'eip155',
      reference: '1',
      caipNetworkId: 'eip155:1',
    })
    expect(parseCaipNetworkId('eip155')).toBeUndefined()
    expect(parseCaipNetworkId('eip155:1:2')).toBeUndefined()
    expect(parseCaipNetworkId('tezos:1')).toBeUndefined()
  })
  it('parses addresses with three parts', () => {
    expect(parseCaipAddress('eip155:1:0xabc')).toEqual({
      namespace: 'eip155',
      reference: '1',
      address: '0xabc',
      caipNetworkId: 'eip155:1',
    })
    expect(parseCaipAddress('eip155:1')).toBeUndefined()
    expect(parseCaipAddress('foo:1:0xabc')).toBeUndefined()
  })
})

describe('addresses', () => {
  it('validates EVM and Solana addresses (SPEC §5)', () => {
    expect(isEvmAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBe(true)
    expect(isEvmAddress('70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBe(true)
    expect(isEvmAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C')).toBe(false)
    expect(isSolanaAddress('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM')).toBe(true)
    expect(isSolanaAddress('0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl')).toBe(false)
  })
  it('truncates to 4 leading and 6 trailing characters', () => {
    expect(truncateAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBe('0x70…dc79C8')
    expect(truncateAddress('short')).toBe('short')
  })
})

describe('formatting', () => {
  it('rounds half up without floating point', () => {
    expect(roundDecimal('0.0005', 3)).toBe('0.001')
    expect(roundDecimal('0.0004', 3)).toBe('0.000')
    expect(roundDecimal('123456789012345678901.9999', 3)).toBe('123456789012345678902.000')
    expect(roundDecimal('-1.2345', 2)).toBe('-1.23')
    expect(roundDecimal('1.005', 2)).toBe('1.01')
  })
  it('shows balances to 3 decimals, 0.00 on testnets and unsupported chains', () => {
    expect(formatBalance('1.23456', 'ETH')).toBe('1.235 ETH')
    expect(formatBalance('1.23456', 'ETH', { testnet: true })).toBe('0.00 ETH')
    expect(formatBalance('1.23456', 'ETH', { supported: false })).toBe('0.00 ETH')
    expect(formatTokenAmount('12.345')).toBe('12.35')
  })
  it('formats base units', () => {
    expect(formatUnits(1_500_000_000_000_000_000n, 18)).toBe('1.5')
    expect(formatUnits(1n, 18)).toBe('0.000000000000000001')
    expect(formatUnits(-25n, 1)).toBe('-2.5')
    expect(formatUnits(10n ** 30n, 6)).toBe('1000000000000000000000000')
  })
  it('formats relative dates in sec, min, hr, d, mo, yr', () => {
    const now = Date.UTC(2026, 10, 23)
    expect(formatRelativeDate(now - 5_000, now)).toBe('5 sec')
    expect(formatRelativeDate(now - 3 * 60_000, now)).toBe('3 min')
    expect(formatRelativeDate(now - 2 * 3_600_000, now)).toBe('2 hr')
    expect(formatRelativeDate(now - 4 * 86_400_000, now)).toBe('4 d')
    expect(formatRelativeDate(now - 40 * 86_400_000, now)).toBe('1 mo')
    expect(formatRelativeDate(now - 800 * 86_400_000, now)).toBe('2 yr')
    expect(formatRelativeDate(now, now)).toBe('now')
  })
  it('counts the e-mail cooldown in whole seconds, rounded up', () => {
    expect(remainingCooldownSeconds(undefined, 1_000)).toBe(0)
    expect(remainingCooldownSeconds(0, 100)).toBe(30)
    expect(remainingCooldownSeconds(0, 29_001)).toBe(1)
    expect(remainingCooldownSeconds(0, 30_000)).toBe(0)
    expect(remainingCooldownSeconds(0, 45_000)).toBe(0)
  })
})

describe('networks', () => {
  it('has every built-in network, with unique CAIP ids', () => {
    for (const id of BUILT_IN_NETWORK_IDS) expect(getNetwork(id)?.caipNetworkId).toBe(id)
    expect(new Set(NETWORKS.map((n) => n.caipNetworkId)).size).toBe(NETWORKS.length)
  })
  it('has the two local chains', () => {
    expect(getNetwork('eip155:31337')).toMatchObject({ id: 31337, testnet: true })
    expect(getNetwork('eip155:31338')).toMatchObject({ id: 31338, testnet: true })
    expect(toHexChainId(31338)).toBe('0x7a6a')
  })
})
