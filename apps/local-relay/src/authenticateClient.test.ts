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

  it('refuses a missing, malformed or forged JWT before the socket opens', async () => {
    expect(await authenticateClient('/?projectId=demo')).toEqual({
      ok: false,
      status: 401,
      reason: 'missing auth JWT',
    })
    expect(await authenticateClient('/?auth=not.a.jwt')).toEqual({
      ok: false,
      status: 401,
      reason: 'malformed auth JWT',
    })

    const jwt = await signJWT('session', 'ws://127.0.0.1:8789', 3600, keyPair)
    const [header, , signature] = jwt.split('.')
    const otherKey = generateKeyPair()
    const forgedPayload = (await signJWT('session', 'ws://127.0.0.1:8789', 3600, otherKey)).split('.')[1]
    expect(await authenticateClient(`/?auth=${header}.${forgedPayload}.${signature}`)).toEqual({
      ok: false,
      status: 401,
      reason: 'invalid auth JWT signature',
    })
  })

  it("closes on a JWT from a clock far off, in the public relay's words (code 3000)", async () => {
    const now = Math.floor(Date.now() / 1000)
    const expired = await signJWT('session', 'ws://127.0.0.1:8789', 3600, keyPair, now - 7200)
    expect(await authenticateClient(`/?auth=${expired}`)).toEqual({
      ok: false,
      status: 3000,
      reason: `JWT validation error: JWT Token is expired: Some(${now - 3600})`,
    })
    // Issued 10 minutes in the future (the client's clock runs ahead), beyond the 120 s leeway.
    const early = await signJWT('session', 'ws://127.0.0.1:8789', 3600, keyPair, now + 600)
    const refused = await authenticateClient(`/?auth=${early}`, now * 1000)
    expect(refused).toMatchObject({ ok: false, status: 3000 })
    expect(refused.ok === false && refused.reason).toBe(
      `JWT validation error: JWT Token is not yet valid: basic.iat: ${now + 600}, now + time_leeway: ${now + 120}, time_leeway: 120`,
    )
    // Within the leeway it is accepted.
    const skewed = await signJWT('session', 'ws://127.0.0.1:8789', 3600, keyPair, now + 60)
    expect(await authenticateClient(`/?auth=${skewed}`, now * 1000)).toMatchObject({ ok: true })
  })
})
