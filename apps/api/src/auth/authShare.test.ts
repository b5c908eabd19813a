import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type AuthTestStack,
  approveByMail,
  codeOf,
  SITE,
  startAuthTestStack,
} from '../../test/startAuthTestStack.ts'
import { MINUTE } from './AuthDeps.ts'

let s: AuthTestStack
let n = 0
const SHARE = Buffer.from('share-one: 2-of-3, x=2, opaque to the API').toString('base64')
const SHARE_2 = Buffer.from('share-one re-dealt').toString('base64')
const ADDRESSES = {
  eip155: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
  solana: '9WzDXwBbmkg8ZTbNMqUxvQRAyNrztpwDkvUFtjUQDpZa',
}

beforeAll(async () => {
  s = await startAuthTestStack()
}, 30_000)
afterAll(() => s.stop())

const json = async <T = Record<string, unknown>>(res: Response) => (await res.json()) as T
const codeOfError = async (res: Response) => (await json<{ error: { code: string } }>(res)).error.code

async function login(deviceId = 'device-share-0123456789') {
  s.clock.now += 11 * MINUTE
  const email = `share${++n}@example.test`
  const started = await s.call('POST', '/v1/auth/email/start', {
    projectId: 'shop',
    email,
    siteOrigin: SITE,
    deviceId,
  })
  const { requestId } = await json<{ requestId: string }>(started)
  await approveByMail(s.base, await s.lastMail(email))
  const res = await s.call('POST', '/v1/auth/email/verify', {
    requestId,
    otp: codeOf(await s.lastMail(email, 2)),
  })
  const { sessionToken, user } = await json<{ sessionToken: string; user: { userId: string } }>(res)
  return { bearer: { authorization: `Bearer ${sessionToken}` }, userId: user.userId }
}

describe('auth share custody', () => {
  it('stores the share encrypted with the addresses, and releases it to the frame', async () => {
    const { bearer, userId } = await login()
    const put = await s.call('PUT', '/v1/auth/share', { share: SHARE, addresses: ADDRESSES }, bearer)
    expect(put.status).toBe(200)
    // EIP-55 checksummed on the way in.
    expect(await json(put)).toEqual({
      addresses: { eip155: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', solana: ADDRESSES.solana },
    })
    const [row] = await s.db.query<{ ciphertext: string }>(
      'select ciphertext from auth_shares where user_id = $1',
      [userId],
    )
    expect(row?.ciphertext).not.toContain(SHARE)
    expect(Buffer.from(row?.ciphertext ?? '', 'base64').toString('latin1')).not.toContain('share-one')

    const got = await s.call('GET', '/v1/auth/share', undefined, bearer)
    expect(got.status).toBe(200)
    expect(await json(got)).toEqual({
      share: SHARE,
      addresses: { eip155: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', solana: ADDRESSES.solana },
    })
    const session = await json<{ user: { addresses: unknown } }>(
      await s.call('GET', '/v1/auth/session', undefined, bearer),
    )
    expect(session.user.addresses).toEqual({
      eip155: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      solana: ADDRESSES.solana,
    })
    const audit = await s.db.query<{ action: string }>(
      'select action from auth_audit where user_id = $1 order by id',
      [userId],
    )
    expect(audit.map((a) => a.action)).toEqual(['share_set', 'share_release'])
  })

  it('refuses the share to another origin, to no session, and to a device no longer approved', async () => {
    const { bearer, userId } = await login('device-revoked-0123456789')
    expect(
      (await s.call('PUT', '/v1/auth/share', { share: SHARE, addresses: ADDRESSES }, bearer)).status,
    ).toBe(200)

    const wrongOrigin = await fetch(`${s.base}/v1/auth/share`, {
      headers: { ...bearer, origin: 'http://modal.test:15174' },
    })
    expect(wrongOrigin.status).toBe(403)
    expect(await codeOfError(wrongOrigin)).toBe('origin_not_allowed')
    const noOrigin = await fetch(`${s.base}/v1/auth/share`, { headers: bearer })
    expect(noOrigin.status).toBe(403)
    expect(await codeOfError(noOrigin)).toBe('origin_not_allowed')

    const noSession = await s.call('GET', '/v1/auth/share')
    expect(noSession.status).toBe(401)
    expect(await codeOfError(noSession)).toBe('session_expired')
    const forged = await s.call('GET', '/v1/auth/share', undefined, {
      authorization: `Bearer ${'A'.repeat(43)}`,
    })
    expect(forged.status).toBe(401)

    // The device's approval is withdrawn: its session keeps working, the share is no longer released.
    await s.db.query('delete from approved_devices where user_id = $1', [userId])
    const unapproved = await s.call('GET', '/v1/auth/share', undefined, bearer)
    expect(unapproved.status).toBe(403)
    expect(await codeOfError(unapproved)).toBe('device_not_approved')
  })

  it('never overwrites a share through PUT, whatever the session (a replacement must be signed)', async () => {
    const { bearer, userId } = await login()
    expect((await s.call('PUT', '/v1/auth/share', { share: SHARE }, bearer)).status).toBe(400) // addresses first
    expect(
      (await s.call('PUT', '/v1/auth/share', { share: SHARE, addresses: ADDRESSES }, bearer)).status,
    ).toBe(200)
    const plain = await s.call('PUT', '/v1/auth/share', { share: SHARE_2, addresses: ADDRESSES }, bearer)
    expect(plain.status).toBe(409)
    expect(await codeOfError(plain)).toBe('share_exists')
    // The old `replace: true` from a fresh session is no longer a thing.
    const replace = await s.call('PUT', '/v1/auth/share', { share: SHARE_2, replace: true }, bearer)
    expect(replace.status).toBe(400)
    expect(
      (await json<{ share: string }>(await s.call('GET', '/v1/auth/share', undefined, bearer))).share,
    ).toBe(SHARE)
    const versions = await s.db.query<{ version: number }>(
      'select version from auth_share_versions where user_id = $1',
      [userId],
    )
    expect(versions.map((v) => v.version)).toEqual([1])
  })

  it('refuses an oversized or malformed share', async () => {
    const { bearer } = await login()
    const big = await s.call(
      'PUT',
      '/v1/auth/share',
      { share: Buffer.alloc(1025).toString('base64'), addresses: ADDRESSES },
      bearer,
    )
    expect(big.status).toBe(400)
    expect(await json(big)).toMatchObject({ error: { code: 'validation_error', field: 'body.share' } })
  })
})
