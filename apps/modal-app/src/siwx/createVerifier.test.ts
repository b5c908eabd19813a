import type { SiwxSession } from '@modalkit/protocol'
import { describe, expect, it } from 'vitest'
import type { SiwxApi } from '../api/createSiwxApi.ts'
import { createMemoryStorage } from '../env/createMemoryStorage.ts'
import { createApiVerifier } from './createVerifier.ts'

const ACCOUNT = { chainId: 'eip155:1', accountAddress: '0xAbC0000000000000000000000000000000000001' } as const
const TOKEN = 'a'.repeat(64)

/** The API as the verifier sees it, recording the tokens each listing names (the HTTP side: routeSiwx.test.ts). */
function recordingApi() {
  const listed: string[][] = []
  const api: SiwxApi = {
    nonce: async () => ({ nonce: '0'.repeat(32), expiresAt: 1 }),
    addSession: async (message, signature) => ({
      session: { ...session(), message, signature },
      token: TOKEN,
    }),
    getSessions: async (_chainId, _address, tokens) => {
      listed.push(tokens)
      return []
    },
    revoke: async () => {},
  }
  return { api, listed }
}

const session = (): SiwxSession => ({
  data: {
    ...ACCOUNT,
    domain: 'shop.test',
    uri: 'https://shop.test',
    version: '1',
    nonce: '0'.repeat(32),
    issuedAt: '',
  },
  message: 'signed text',
  signature: '0x00',
})

describe('the default SIWX verifier', () => {
  it("lists an account's sessions with the tokens its sign-ins gave, kept across a reload in storage", async () => {
    const storage = createMemoryStorage()
    const first = recordingApi()
    await createApiVerifier(first.api, () => 0, storage).addSession(session())
    // A new page on the same storage: the token is read back and names the listing.
    const second = recordingApi()
    await createApiVerifier(second.api, () => 0, storage).getSessions({
      ...ACCOUNT,
      accountAddress: ACCOUNT.accountAddress.toLowerCase(),
    })
    expect(second.listed).toEqual([[TOKEN]])
  })

  it('names no token of another account, and revoking forgets the tokens', async () => {
    const { api, listed } = recordingApi()
    const verifier = createApiVerifier(api, () => 0, createMemoryStorage())
    await verifier.addSession(session())
    await verifier.getSessions({ ...ACCOUNT, chainId: 'eip155:10' })
    await verifier.revokeSession(ACCOUNT)
    await verifier.getSessions(ACCOUNT)
    expect(listed).toEqual([[], []])
  })
})
