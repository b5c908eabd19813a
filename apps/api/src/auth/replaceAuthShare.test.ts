import { createHash } from 'node:crypto'
import { shareReplaceTypedData } from '@modalkit/protocol'
import { type HDNodeWallet, Wallet } from 'ethers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type AuthTestStack,
  approveByMail,
  codeOf,
  SITE,
  startAuthTestStack,
} from '../../test/startAuthTestStack.ts'
import { MINUTE } from './AuthDeps.ts'

/** The account's EIP-712 signature over a share replacement, as the secure frame makes it. */
const sign712 = (
  signer: Pick<Wallet | HDNodeWallet, 'signTypedData'>,
  { domain, types, message }: ReturnType<typeof shareReplaceTypedData>,
) => signer.signTypedData(domain, types, message)

let s: AuthTestStack
let n = 0
const SHARE = Buffer.from('share-one: 2-of-3, x=2, opaque to the API').toString('base64')
const SHARE_2 = Buffer.from('share-one re-dealt').toString('base64')
// anvil's first account: the "account key" of this fake wallet.
const ACCOUNT = new Wallet('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const ADDRESSES = { eip155: ACCOUNT.address, solana: '9WzDXwBbmkg8ZTbNMqUxvQRAyNrztpwDkvUFtjUQDpZa' }

beforeAll(async () => {
  s = await startAuthTestStack()
}, 30_000)
afterAll(() => s.stop())

const json = async <T = Record<string, unknown>>(res: Response) => (await res.json()) as T
const errorOf = async (res: Response) => ({
  status: res.status,
  ...(await json<{ error: object }>(res)).error,
})

async function login() {
  s.clock.now += 11 * MINUTE
  const email = `replace${++n}@example.test`
  const started = await s.call('POST', '/v1/auth/email/start', {
    projectId: 'shop',
    email,
    siteOrigin: SITE,
    deviceId: 'device-replace-0123456789',
  })
  const { requestId } = await json<{ requestId: string }>(started)
  await approveByMail(s.base, await s.lastMail(email))
  const res = await s.call('POST', '/v1/auth/email/verify', {
    requestId,
    otp: codeOf(await s.lastMail(email, 2)),
  })
  const { sessionToken, user } = await json<{ sessionToken: string; user: { userId: string } }>(res)
  const bearer = { authorization: `Bearer ${sessionToken}` }
  expect((await s.call('PUT', '/v1/auth/share', { share: SHARE, addresses: ADDRESSES }, bearer)).status).toBe(
    200,
  )
  return { bearer, userId: user.userId, email }
}

async function nonceFor(bearer: Record<string, string>) {
  const res = await s.call('POST', '/v1/auth/share/nonce', undefined, bearer)
  expect(res.status).toBe(200)
  return json<{ nonce: string; expiresAt: number }>(res)
}

const sign = (
  signer: Pick<Wallet | HDNodeWallet, 'signTypedData'>,
  userId: string,
  share: string,
  nonce: { nonce: string; expiresAt: number },
) =>
  sign712(
    signer,
    shareReplaceTypedData({
      userId,
      shareSha256: createHash('sha256').update(Buffer.from(share, 'base64')).digest('hex'),
      ...nonce,
    }),
  )

describe('signed replacement of the auth share', () => {
  it('replaces the share when the account signed for it, keeps every version and mails the user', async () => {
    const { bearer, userId, email } = await login()
    const mails = (await s.mails(email, 0)).length
    const nonce = await nonceFor(bearer)
    expect(nonce.expiresAt).toBe(s.clock.now + 5 * MINUTE)
    const signature = await sign(ACCOUNT, userId, SHARE_2, nonce)
    const res = await s.call(
      'POST',
      '/v1/auth/share/replace',
      { share: SHARE_2, nonce: nonce.nonce, signature },
      bearer,
    )
    expect(res.status).toBe(200)
    expect(await json(res)).toEqual({ addresses: ADDRESSES, version: 2 })
    expect(
      (await json<{ share: string }>(await s.call('GET', '/v1/auth/share', undefined, bearer))).share,
    ).toBe(SHARE_2)
    const versions = await s.db.query<{ version: number }>(
      'select version from auth_share_versions where user_id = $1 order by version',
      [userId],
    )
    expect(versions.map((v) => v.version)).toEqual([1, 2])
    const mail = await s.lastMail(email, mails + 1)
    expect(mail.subject).toBe('Your wallet key share was replaced')
    expect(mail.text).toContain('If this was not you')
    const audit = await s.db.query<{ action: string }>(
      'select action from auth_audit where user_id = $1 order by id',
      [userId],
    )
    expect(audit.map((a) => a.action)).toContain('share_replace')

    // The same nonce and signature again: the nonce was spent.
    const replay = await s.call(
      'POST',
      '/v1/auth/share/replace',
      { share: SHARE_2, nonce: nonce.nonce, signature },
      bearer,
    )
    expect(await errorOf(replay)).toMatchObject({ status: 403, code: 'invalid_nonce' })
  })

  it('refuses no signature, another key, another share, a spent, expired or foreign nonce; the share stays', async () => {
    const { bearer, userId } = await login()
    const other = await login()
    const replace = (body: object) => s.call('POST', '/v1/auth/share/replace', body, bearer)

    const missing = await replace({ share: SHARE_2, nonce: (await nonceFor(bearer)).nonce })
    expect(await errorOf(missing)).toMatchObject({ status: 400, code: 'validation_error' })

    const forgedNonce = await nonceFor(bearer)
    const forged = await replace({
      share: SHARE_2,
      nonce: forgedNonce.nonce,
      signature: await sign(Wallet.createRandom(), userId, SHARE_2, forgedNonce),
    })
    expect(await errorOf(forged)).toMatchObject({ status: 403, code: 'invalid_signature' })
    // That nonce was spent by the refused attempt: even the right signature cannot use it now.
    const retried = await replace({
      share: SHARE_2,
      nonce: forgedNonce.nonce,
      signature: await sign(ACCOUNT, userId, SHARE_2, forgedNonce),
    })
    expect(await errorOf(retried)).toMatchObject({ status: 403, code: 'invalid_nonce' })

    const swapped = await nonceFor(bearer)
    const otherShare = await replace({
      share: SHARE_2,
      nonce: swapped.nonce,
      signature: await sign(ACCOUNT, userId, SHARE, swapped),
    })
    expect(await errorOf(otherShare)).toMatchObject({ status: 403, code: 'invalid_signature' })

    const late = await nonceFor(bearer)
    s.clock.now += 5 * MINUTE
    const expired = await replace({
      share: SHARE_2,
      nonce: late.nonce,
      signature: await sign(ACCOUNT, userId, SHARE_2, late),
    })
    expect(await errorOf(expired)).toMatchObject({ status: 403, code: 'invalid_nonce' })

    const theirs = await nonceFor(other.bearer)
    const foreign = await replace({
      share: SHARE_2,
      nonce: theirs.nonce,
      signature: await sign(ACCOUNT, userId, SHARE_2, theirs),
    })
    expect(await errorOf(foreign)).toMatchObject({ status: 403, code: 'invalid_nonce' })

    expect(
      (await json<{ share: string }>(await s.call('GET', '/v1/auth/share', undefined, bearer))).share,
    ).toBe(SHARE)
    const noSession = await s.call('POST', '/v1/auth/share/nonce')
    expect(await errorOf(noSession)).toMatchObject({ status: 401, code: 'session_expired' })
  })
})
