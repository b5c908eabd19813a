import { type ChildProcess, spawn } from 'node:child_process'
import { generateKeyPairSync, sign } from 'node:crypto'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import {
  accountAbstractionAddresses,
  deployAccountAbstraction,
  PAYMASTER_SIGNER_PATH,
  testKey,
} from '@modalkit/local-chain/accountAbstraction'
import {
  formatSiwxMessage,
  SITE_ORIGIN_HEADER,
  SIWX_TOKENS_HEADER,
  type SiwxMessage,
} from '@modalkit/protocol'
import { encodeBase58 } from '@modalkit/shared'
import { type Address, concat, createPublicClient, type Hex, http, pad } from 'viem'
import { toSoladySmartAccount } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { createSiweMessage, parseSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDb } from '../../test/openTestDb.ts'
import type { Db } from '../db/Db.ts'
import { migrate } from '../db/migrate.ts'
import { upsertProject } from '../projects/projects.ts'
import { createServer, SIWX_PER_IP_LIMIT } from '../server/createServer.ts'

// A real EVM node answers the contract-account checks: anvil from node_modules on a free port.
const ANVIL = resolve(import.meta.dirname, '../../../../node_modules/.bin/anvil')
const PORT = 29545 + Math.floor(Math.random() * 1000)
const NODE = `http://127.0.0.1:${PORT}`
const SITE = 'https://shop.test'
const SOLANA_CHAIN = 'solana:GRYnpvyTctLiftw4vtvrNBxCJFxVdCTn'
// The first well-known anvil test key (public test data, funded on every local node).
const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')

let anvil: ChildProcess
let db: Db
let server: Server
let base = ''
const clock = { now: Date.parse('2026-11-23T17:00:00.000Z') }

beforeAll(async () => {
  anvil = spawn(ANVIL, ['--host', '127.0.0.1', '--port', String(PORT), '--chain-id', '31337', '--silent'])
  db = await openTestDb()
  await migrate(db)
  await upsertProject(db, { id: 'shop', name: 'Shop', allowedOrigins: [SITE] })
  server = createServer({
    db,
    corsOrigins: [],
    upstreams: new Map([
      ['eip155:31337', NODE],
      [SOLANA_CHAIN, 'http://127.0.0.1:1'],
    ]),
    now: () => clock.now,
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  for (let i = 0; i < 100; i++) {
    if (
      await rpc('eth_chainId', []).then(
        () => true,
        () => false,
      )
    )
      break
    await new Promise((r) => setTimeout(r, 100))
  }
}, 30_000)
afterAll(async () => {
  anvil.kill()
  await new Promise<void>((r) => server.close(() => r()))
  await db.close()
})

async function rpc(method: string, params: unknown[]) {
  const res = await fetch(NODE, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await res.json()) as { result: unknown }).result
}

const call = (method: string, path: string, body?: unknown, site = SITE, tokens?: string[]) =>
  fetch(`${base}/v1/siwx/${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      [SITE_ORIGIN_HEADER]: site,
      ...(tokens ? { [SIWX_TOKENS_HEADER]: tokens.join(',') } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })

async function nonce(site = SITE): Promise<string> {
  const res = await call('POST', 'nonce?projectId=shop', undefined, site)
  expect(res.status).toBe(200)
  return ((await res.json()) as { nonce: string }).nonce
}

const message = (patch: Partial<SiwxMessage> & { nonce: string }): SiwxMessage => ({
  domain: 'shop.test',
  accountAddress: account.address,
  chainId: 'eip155:31337',
  uri: SITE,
  version: '1',
  issuedAt: new Date(clock.now).toISOString(),
  expirationTime: new Date(clock.now + 60_000).toISOString(),
  statement: 'Sign in to Shop',
  ...patch,
})

async function signIn(data: SiwxMessage, signature?: string, site = SITE) {
  const text = formatSiwxMessage(data)
  return call(
    'POST',
    'sessions?projectId=shop',
    { message: text, signature: signature ?? (await account.signMessage({ message: text })) },
    site,
  )
}

const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string } }).error

describe('the SIWX message format', () => {
  it("is viem's EIP-4361 text, and viem reads ours back", () => {
    const data = message({
      nonce: '0123456789abcdef0123456789abcdef',
      requestId: 'r1',
      resources: ['https://shop.test/tos'],
      notBefore: new Date(clock.now - 1000).toISOString(),
    })
    const text = formatSiwxMessage(data)
    expect(text).toBe(
      createSiweMessage({
        domain: data.domain,
        address: account.address,
        chainId: 31337,
        uri: data.uri,
        version: '1',
        nonce: data.nonce,
        issuedAt: new Date(data.issuedAt),
        expirationTime: new Date(data.expirationTime ?? ''),
        notBefore: new Date(data.notBefore ?? ''),
        statement: data.statement,
        requestId: 'r1',
        resources: ['https://shop.test/tos'],
      }),
    )
    expect(parseSiweMessage(text)).toMatchObject({
      address: account.address,
      chainId: 31337,
      nonce: data.nonce,
      domain: 'shop.test',
    })
  })
})

describe('the default SIWX verifier', () => {
  it('stores a session for a signature of an EOA (EIP-191), lists it, and revokes it with its token', async () => {
    const data = message({ nonce: await nonce() })
    const res = await signIn(data)
    expect(res.status).toBe(200)
    const { session, token } = (await res.json()) as { session: { data: SiwxMessage }; token: string }
    expect(session.data).toEqual(data)
    const list = async () => {
      const r = await call(
        'GET',
        `sessions?projectId=shop&chainId=eip155:31337&address=${account.address.toLowerCase()}`,
        undefined,
        SITE,
        [token],
      )
      return ((await r.json()) as { sessions: unknown[] }).sessions
    }
    expect(await list()).toHaveLength(1)
    const other = await call(
      'GET',
      `sessions?projectId=shop&chainId=eip155:31338&address=${account.address}`,
      undefined,
      SITE,
      [token],
    )
    expect(((await other.json()) as { sessions: unknown[] }).sessions).toEqual([])
    const revoke = (tokens: string[]) =>
      call('POST', 'sessions/revoke?projectId=shop', {
        chainId: 'eip155:31337',
        address: account.address,
        tokens,
      })
    expect(await (await revoke(['a'.repeat(64)])).json()).toEqual({ revoked: 0 })
    expect(await (await revoke([token])).json()).toEqual({ revoked: 1 })
    expect(await list()).toEqual([])
  })

  it('lists sessions only to who holds their tokens: a stranger who knows the address gets nothing', async () => {
    const { token } = (await (await signIn(message({ nonce: await nonce() }))).json()) as { token: string }
    const path = `sessions?projectId=shop&chainId=eip155:31337&address=${account.address}`
    // The attacker knows the address and the site, not the token the sign-in gave.
    const anonymous = await call('GET', path)
    expect(anonymous.status).toBe(401)
    expect(await errorOf(anonymous)).toMatchObject({
      code: 'siwx_token_required',
      message: 'Sign-in sessions are listed only with the tokens their sign-in gave',
    })
    const guessed = await call('GET', path, undefined, SITE, ['b'.repeat(64)])
    expect(await guessed.json()).toEqual({ sessions: [] })
    const malformed = await call('GET', path, undefined, SITE, ['not-a-token'])
    expect((await errorOf(malformed)).code).toBe('siwx_token_required')
    const own = (await (await call('GET', path, undefined, SITE, [token])).json()) as { sessions: unknown[] }
    expect(own.sessions).toHaveLength(1)
  })

  it('refuses a replayed nonce, another site, another domain, an expired and a not-yet-valid message', async () => {
    const data = message({ nonce: await nonce() })
    expect((await signIn(data)).status).toBe(200)
    const replay = await signIn(data)
    expect(replay.status).toBe(401)
    expect(await errorOf(replay)).toMatchObject({
      code: 'siwx_nonce_invalid',
      message: 'The sign-in nonce is unknown, expired or already used',
    })

    const unknown = await signIn(message({ nonce: 'ffffffffffffffffffffffffffffffff' }))
    expect((await errorOf(unknown)).code).toBe('siwx_nonce_invalid')

    const foreign = await signIn(
      message({ nonce: await nonce(), domain: 'evil.test', uri: 'https://evil.test' }),
    )
    expect(await errorOf(foreign)).toMatchObject({
      code: 'siwx_domain_mismatch',
      message: 'The sign-in message is for another domain',
    })
    const wrongUri = await signIn(message({ nonce: await nonce(), uri: 'https://evil.test/' }))
    expect((await errorOf(wrongUri)).code).toBe('siwx_domain_mismatch')

    const expired = await signIn(
      message({ nonce: await nonce(), expirationTime: new Date(clock.now - 1).toISOString() }),
    )
    expect(await errorOf(expired)).toMatchObject({
      code: 'siwx_expired',
      message: 'The sign-in message has expired',
    })
    const early = await signIn(
      message({ nonce: await nonce(), notBefore: new Date(clock.now + 60_000).toISOString() }),
    )
    expect(await errorOf(early)).toMatchObject({
      code: 'siwx_not_yet_valid',
      message: 'The sign-in message is not valid yet',
    })

    const unlisted = await signIn(message({ nonce: await nonce() }), undefined, 'https://evil.test')
    expect(unlisted.status).toBe(403)
  })

  it('refuses a nonce once expired, and a signature by another account', async () => {
    const old = await nonce()
    clock.now += 11 * 60_000
    expect((await errorOf(await signIn(message({ nonce: old })))).code).toBe('siwx_nonce_invalid')
    const other = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
    const data = message({ nonce: await nonce() })
    const forged = await signIn(data, await other.signMessage({ message: formatSiwxMessage(data) }))
    expect(await errorOf(forged)).toMatchObject({ code: 'siwx_invalid_signature' })
  })

  it('asks the chain for a contract account (EIP-1271)', async () => {
    // Runtime code that answers isValidSignature's magic value 0x1626ba7e to any call.
    const wallet = '0x00000000000000000000000000000000000c0de1'
    await rpc('anvil_setCode', [wallet, '0x631626ba7e60e01b60005260206000f3'])
    const data = message({ nonce: await nonce(), accountAddress: wallet })
    const res = await signIn(data, `0x${'11'.repeat(65)}`)
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(200)
    // The same bytes for an address with no code are not a valid EOA signature.
    const eoa = message({
      nonce: await nonce(),
      accountAddress: '0x00000000000000000000000000000000000c0de2',
    })
    expect((await errorOf(await signIn(eoa, `0x${'11'.repeat(65)}`))).code).toBe('siwx_invalid_signature')
  })

  it('verifies a counterfactual smart account (EIP-6492): the published Solady account, not deployed yet', async () => {
    const paymasterSigner = privateKeyToAccount(testKey(PAYMASTER_SIGNER_PATH) as Hex)
    await deployAccountAbstraction({ rpcUrl: NODE, paymasterSigner: paymasterSigner.address })
    const { accountFactory } = accountAbstractionAddresses(paymasterSigner.address)
    const client = createPublicClient({ chain: foundry, transport: http(NODE) })
    const owner = privateKeyToAccount(generatePrivateKey())
    const smart = await toSoladySmartAccount({
      client,
      owner,
      factoryAddress: accountFactory as Address,
      salt: concat([owner.address, pad('0x', { size: 12 })]),
    })
    // Counterfactual: no code at its address; its signature wraps the factory call (EIP-6492).
    expect(await client.getCode({ address: smart.address })).toBeUndefined()
    const data = message({ nonce: await nonce(), accountAddress: smart.address })
    const signature = await smart.signMessage({ message: formatSiwxMessage(data) })
    expect(signature.endsWith('6492'.repeat(16))).toBe(true)
    const res = await signIn(data, signature)
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(200)
    // Another owner's account (its own counterfactual address) signing for this address is refused.
    const otherOwner = privateKeyToAccount(generatePrivateKey())
    const stranger = await toSoladySmartAccount({
      client,
      owner: otherOwner,
      factoryAddress: accountFactory as Address,
      salt: concat([otherOwner.address, pad('0x', { size: 12 })]),
    })
    const again = message({ nonce: await nonce(), accountAddress: smart.address })
    const forged = await stranger.signMessage({ message: formatSiwxMessage(again) })
    expect((await errorOf(await signIn(again, forged))).code).toBe('siwx_invalid_signature')
  }, 60_000)

  it('verifies a Solana account by Ed25519 over the message text', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519')
    const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32)
    const data = message({ nonce: await nonce(), chainId: SOLANA_CHAIN, accountAddress: encodeBase58(raw) })
    const text = formatSiwxMessage(data)
    const signature = encodeBase58(sign(null, new TextEncoder().encode(text), privateKey))
    expect((await signIn(data, signature)).status).toBe(200)
    const again = message({ nonce: await nonce(), chainId: SOLANA_CHAIN, accountAddress: encodeBase58(raw) })
    expect((await errorOf(await signIn(again, signature))).code).toBe('siwx_invalid_signature')
  })

  it('limits nonces and sign-ins per client: a flood is answered 429', async () => {
    clock.now += 2 * 60_000
    const statuses: number[] = []
    for (let i = 0; i <= SIWX_PER_IP_LIMIT; i++)
      statuses.push((await call('POST', 'nonce?projectId=shop')).status)
    expect(statuses.slice(0, SIWX_PER_IP_LIMIT).every((s) => s === 200)).toBe(true)
    expect(statuses.at(-1)).toBe(429)
  })
})
