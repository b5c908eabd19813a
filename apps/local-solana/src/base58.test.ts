import { PublicKey } from '@solana/web3.js'
import { describe, expect, it } from 'vitest'
import { base58 } from './base58.ts'

describe('base58', () => {
  it('round-trips with leading zero bytes', () => {
    const bytes = Uint8Array.from([0, 0, 1, 2, 255, 128])
    const text = base58.encode(bytes)
    expect(text.startsWith('11')).toBe(true)
    expect(base58.decode(text)).toEqual(bytes)
  })
  it('agrees with web3.js on a 32-byte key', () => {
    const key = new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')
    expect(base58.encode(key.toBytes())).toBe(key.toBase58())
    expect(base58.decode(key.toBase58())).toEqual(key.toBytes())
  })
  it('rejects characters outside the alphabet', () => {
    expect(base58.decode('0OIl')).toBeUndefined()
  })
})
