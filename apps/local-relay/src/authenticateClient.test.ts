import { encodeIss, generateKeyPair, signJWT } from '@walletconnect/relay-auth'
import { describe, expect, it } from 'vitest'
import { authenticateClient } from './authenticateClient.ts'

describe('authenticateClient', () => {
  const keyPair = generateKeyPair()
  const clientId = encodeIss(keyPair.publicKey)

  it('accepts a JWT signed by its issuer and returns the did:key as client id', async () => {
    const jwt = await signJWT('session', 'ws://127.0.0.1:8789', 3600, keyPair)
    expect(await authenticateClient(`/?auth=${jwt}&projectId=demo&ua=x`)).toEqual({
      ok: true,
      clientId,
      projectId: 'demo',
    })
  })

  it('refuses a missing, malformed, forged or expired JWT', async () => {
    expect(await authenticateClient('/?projectId=demo')).toEqual({ ok: false, reason: 'missing auth JWT' })
    expect(await authenticateClient('/?auth=not.a.jwt')).toEqual({ ok: false, reason: 'malformed auth JWT' })

    const jwt = await signJWT('session', 'ws://127.0.0.1:8789', 3600, keyPair)
    const [header, , signature] = jwt.split('.')
    const otherKey = generateKeyPair()
    const forgedPayload = (await signJWT('session', 'ws://127.0.0.1:8789', 3600, otherKey)).split('.')[1]
    expect(await authenticateClient(`/?auth=${header}.${forgedPayload}.${signature}`)).toEqual({
      ok: false,
      reason: 'invalid auth JWT signature',
    })

    const issuedLongAgo = Math.floor(Date.now() / 1000) - 7200
    const expired = await signJWT('session', 'ws://127.0.0.1:8789', 3600, keyPair, issuedLongAgo)
    expect(await authenticateClient(`/?auth=${expired}`)).toEqual({ ok: false, reason: 'auth JWT expired' })
  })
})
