import { describe, expect, it } from 'vitest'
import { resolveName } from './resolveName.ts'

// The Send view's recipient rule. The registry is a stand-in answering one name: the modal cannot
// start the API (another app); the real lookup runs in apps/api's routeNames.test.ts and e2e/names.spec.ts.
const OWNER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const asked: string[] = []
const api = {
  resolveProfileName: async (_projectId: string, name: string) => {
    asked.push(name)
    return name === 'alice.reown.id'
      ? {
          name,
          registered: 1,
          updated: 1,
          addresses: { '2147514985': { address: OWNER, created: '' } },
          attributes: [],
        }
      : undefined
  },
}

describe('resolveName', () => {
  it('keeps an address, and asks the registry for a name with or without its zone', async () => {
    expect(await resolveName(api, 'p', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBe(
      '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    )
    expect(asked).toEqual([])
    expect(await resolveName(api, 'p', ' Alice ')).toBe(OWNER)
    expect(await resolveName(api, 'p', 'alice.reown.id')).toBe(OWNER)
    expect(asked).toEqual(['alice.reown.id', 'alice.reown.id'])
  })

  it('answers undefined for a name nobody holds', async () => {
    expect(await resolveName(api, 'p', 'nobody')).toBeUndefined()
  })
})
