import { InvalidRecipientError } from '@modalkit/protocol'
import { describe, expect, it } from 'vitest'
import { resolveRecipient } from './resolveRecipient.ts'

// The name lookup is the API's resolve (names' resolveName); here a table stands in for it, the
// registry itself runs in apps/api/src/names and e2e/names.spec.ts.
const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const lookup = async (name: string) => (name === 'alice' || name === 'alice.reown.id' ? ALICE : undefined)

describe('resolveRecipient', () => {
  it('takes an address as it is, and a registered name as its address', async () => {
    expect(await resolveRecipient(` ${ALICE} `, 'eip155', lookup)).toBe(ALICE)
    expect(await resolveRecipient('alice', 'eip155', lookup)).toBe(ALICE)
    expect(await resolveRecipient('alice.reown.id', 'eip155', lookup)).toBe(ALICE)
  })

  it('refuses a name nobody registered, and anything that is neither', async () => {
    await expect(resolveRecipient('bob.reown.id', 'eip155', lookup)).rejects.toBeInstanceOf(
      InvalidRecipientError,
    )
    await expect(resolveRecipient('not an address', 'eip155', lookup)).rejects.toBeInstanceOf(
      InvalidRecipientError,
    )
    // Without a registry (no API), a name is only a bad address.
    await expect(resolveRecipient('alice', 'eip155')).rejects.toBeInstanceOf(InvalidRecipientError)
  })
})
