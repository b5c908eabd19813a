import { createWalletClient } from '@farcaster/auth-client'
import { type Anvil, startAnvil } from '@modalkit/local-chain/startAnvil'
import { deployIdRegistry, registerFid } from '@modalkit/local-farcaster/deployIdRegistry'
import { type Hex, verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { AUTH_ORIGIN, type AuthTestStack, SITE, startAuthTestStack } from '../../test/startAuthTestStack.ts'

/**
 * The API verifies a Farcaster login on its own, whatever the secure frame checked: the
 * caller here plays a frame that skipped every check (or anyone holding a state), against the ID
 * registry stand-in on a real anvil node.
 */
let anvil: Anvil
let s: AuthTestStack

beforeAll(async () => {
  anvil = await startAnvil()
  await deployIdRegistry({ rpcUrl: anvil.rpcUrl })
  s = await startAuthTestStack({ farcasterRpcUrl: anvil.rpcUrl })
}, 90_000)
afterAll(async () => {
  await s?.stop()
  anvil?.stop()
})

const json = async <T = Record<string, unknown>>(res: Response) => (await res.json()) as T
const DOMAIN = new URL(AUTH_ORIGIN).host
const SITE_HOST = new URL(SITE).host
/** Builds messages only: the wallet side needs no chain. */
const builder = createWalletClient({
  ethereum: {
    getFid: () => Promise.reject(new Error('unused')),
    isValidAuthAddress: () => Promise.reject(new Error('unused')),
    publicClient: undefined as never,
  },
})

async function start() {
  const res = await s.call('POST', '/v1/auth/farcaster/start', {
    projectId: 'shop',
    siteOrigin: 'ignored: the header counts',
    deviceId: 'device-farcaster-0123456789',
  })
  expect(res.status).toBe(200)
  return json<{ state: string; nonce: string; expiresAt: number }>(res)
}

async function signIn(
  { fid, key }: { fid: number; key: Hex },
  fields: { nonce: string; expiresAt: number; domain?: string; uri?: string; requestId?: string | null },
) {
  const account = privateKeyToAccount(key)
  const built = builder.buildSignInMessage({
    address: account.address,
    fid,
    domain: fields.domain ?? DOMAIN,
    uri: fields.uri ?? AUTH_ORIGIN,
    nonce: fields.nonce,
    // The site that started (the test stack's site header), unless a case names another or none.
    ...(fields.requestId === null ? {} : { requestId: fields.requestId ?? SITE_HOST }),
    expirationTime: new Date(fields.expiresAt),
  })
  if (built.isError) throw built.error
  return { message: built.message, signature: await account.signMessage({ message: built.message }) }
}

const finish = (body: unknown) => s.call('POST', '/v1/auth/farcaster/finish', body)

async function newFid() {
  const key = generatePrivateKey()
  const fid = await registerFid({ rpcUrl: anvil.rpcUrl, custody: privateKeyToAccount(key).address })
  return { fid, key }
}

it('logs the fid in when its custody key signed, once per state; the same fid is the same user', async () => {
  const user = await newFid()
  const first = await start()
  const res = await finish({ state: first.state, ...(await signIn(user, first)) })
  expect(res.status).toBe(200)
  const { user: logged, sessionToken } = await json<{
    user: { userId: string; isNewUser: boolean }
    sessionToken: string
  }>(res)
  expect(logged.isNewUser).toBe(true)
  expect(sessionToken.length).toBeGreaterThanOrEqual(32)
  // Replaying the same state and message finds it spent.
  const replay = await finish({ state: first.state, ...(await signIn(user, first)) })
  expect(replay.status).toBe(401)
  const second = await start()
  const again = await json<{ user: { userId: string; isNewUser: boolean } }>(
    await finish({ state: second.state, ...(await signIn(user, second)) }),
  )
  expect(again.user).toMatchObject({ userId: logged.userId, isNewUser: false })
})

it('refuses a signature by a key that is not the fid’s custody, with the SPEC §8 words', async () => {
  const victim = await newFid()
  const started = await start()
  const res = await finish({
    state: started.state,
    ...(await signIn({ fid: victim.fid, key: generatePrivateKey() }, started)),
  })
  expect(res.status).toBe(401)
  const { error } = await json<{ error: { code: string; message: string } }>(res)
  expect(error).toMatchObject({ code: 'farcaster_connect_failed', message: 'Failed to connect to farcaster' })
})

it('refuses a message that names another site as its Request ID, or none (the user was shown another site)', async () => {
  const user = await newFid()
  for (const requestId of ['evil.test', null]) {
    const started = await start()
    const res = await finish({ state: started.state, ...(await signIn(user, { ...started, requestId })) })
    expect(res.status).toBe(401)
    expect((await json<{ error: { code: string } }>(res)).error.code).toBe('farcaster_connect_failed')
  }
})

it('refuses another nonce, another domain or URI, and an expired login', async () => {
  const user = await newFid()
  const cases = [
    (f: { nonce: string; expiresAt: number }) => ({ ...f, nonce: 'someothernonce123' }),
    (f: { nonce: string; expiresAt: number }) => ({ ...f, domain: 'evil.test' }),
    (f: { nonce: string; expiresAt: number }) => ({ ...f, uri: 'http://evil.test' }),
    (f: { nonce: string; expiresAt: number }) => ({ ...f, expiresAt: f.expiresAt + 60_000 }),
  ]
  for (const change of cases) {
    const started = await start()
    const res = await finish({ state: started.state, ...(await signIn(user, change(started))) })
    expect(res.status).toBe(401)
  }
  const started = await start()
  const signed = await signIn(user, started)
  expect(await verifyMessage({ address: privateKeyToAccount(user.key).address, ...signed })).toBe(true)
  s.clock.now += 11 * 60_000
  try {
    expect((await finish({ state: started.state, ...signed })).status).toBe(401)
  } finally {
    s.clock.now -= 11 * 60_000
  }
})
