import { describe, expect, it } from 'vitest'
import {
  BITCOIN_METHODS,
  classifyRequest,
  isSolanaReadMethod,
  SAFE_METHODS,
  SOLANA_READ_METHODS,
  UNSAFE_METHODS,
} from './methods.ts'

describe('classifyRequest', () => {
  it('classifies by the SPEC lists', () => {
    expect(classifyRequest('eth_chainId')).toBe('safe')
    expect(classifyRequest('eth_sendRawTransaction')).toBe('safe')
    expect(classifyRequest('wallet_getCapabilities')).toBe('safe')
    expect(classifyRequest('personal_sign')).toBe('unsafe')
    expect(classifyRequest('eth_sendTransaction')).toBe('unsafe')
    expect(classifyRequest('wallet_sendCalls')).toBe('unsafe')
    expect(classifyRequest('eth_sign')).toBe('unlisted')
    expect(classifyRequest('debug_traceTransaction')).toBe('unlisted')
    expect(classifyRequest('')).toBe('unlisted')
  })
  it('lists the Bitcoin methods under bip122 only, and nothing else there', () => {
    for (const method of BITCOIN_METHODS) {
      expect(classifyRequest(method, 'bip122')).toBe('unsafe')
      expect(classifyRequest(method, 'eip155')).toBe('unlisted')
      expect(classifyRequest(method)).toBe('unlisted')
    }
    expect(classifyRequest('personal_sign', 'bip122')).toBe('unlisted')
    expect(classifyRequest('eth_chainId', 'bip122')).toBe('unlisted')
    expect(classifyRequest('solana_signMessage', 'bip122')).toBe('unlisted')
    expect(classifyRequest('personal_sign', 'eip155')).toBe('unsafe')
  })
  it('keeps the lists disjoint', () => {
    const safe = new Set<string>(SAFE_METHODS)
    expect(UNSAFE_METHODS.filter((m) => safe.has(m))).toEqual([])
  })
})

describe('isSolanaReadMethod', () => {
  it('lets Solana reads and signed sends through, never signing or faucet calls', () => {
    expect(isSolanaReadMethod('getBalance')).toBe(true)
    expect(isSolanaReadMethod('sendTransaction')).toBe(true)
    expect(isSolanaReadMethod('solana_signTransaction')).toBe(false)
    expect(isSolanaReadMethod('solana_signAndSendTransaction')).toBe(false)
    expect(isSolanaReadMethod('requestAirdrop')).toBe(false)
    expect(isSolanaReadMethod('eth_getBalance')).toBe(false)
    const unsafe = new Set<string>(UNSAFE_METHODS)
    expect(SOLANA_READ_METHODS.filter((m) => unsafe.has(m))).toEqual([])
  })
})
