import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { base58 } from './base58.ts'
import { GENESIS_HASH, LOCAL_SOLANA_CAIP2 } from './genesisHash.ts'

describe('GENESIS_HASH', () => {
  it('is the documented 32-byte value and names the CAIP-2 reference', () => {
    const digest = createHash('sha256').update('modalkit local solana cluster genesis').digest()
    expect(GENESIS_HASH).toBe(base58.encode(digest))
    expect(base58.decode(GENESIS_HASH)?.length).toBe(32)
    expect(LOCAL_SOLANA_CAIP2).toBe('solana:GRYnpvyTctLiftw4vtvrNBxCJFxVdCTn')
  })
})
