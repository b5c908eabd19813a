import { type ChildProcess, spawn } from 'node:child_process'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import { coinTypeForChain, SITE_ORIGIN_HEADER } from '@modalkit/protocol'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDb } from '../../test/openTestDb.ts'
import type { Db } from '../db/Db.ts'
import { migrate } from '../db/migrate.ts'
import { upsertProject } from '../projects/projects.ts'
import { createServer } from '../server/createServer.ts'

// A real EVM node answers the contract-account (EIP-1271) check: anvil from node_modules.
const ANVIL = resolve(import.meta.dirname, '../../../../node_modules/.bin/anvil')
const PORT = 31545 + Math.floor(Math.random() * 1000)
const NODE = `http://127.0.0.1:${PORT}`
const SITE = 'https://shop.test'
const COIN = coinTypeForChain(31337)
// Well-known anvil test keys (public test data).
const alice = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const bob = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')

let anvil: ChildProcess
let db: Db
let server: Server
let base = ''
const clock = { now: Date.parse('2026-11-23T17:00:00.000Z') }

async function rpc(method: string, params: unknown[]) {
  const res = await fetch(NODE, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await res.json()) as { result: unknown }).result
}

beforeAll(async () => {
  anvil = spawn(ANVIL, ['--host', '127.0.0.1', '--port', String(PORT), '--chain-id', '31337', '--silent'])
  db = await openTestDb()
  await migrate(db)
  await upsertProject(db, { id: 'shop', name: 'Shop', allowedOrigins: [SITE] })
  server = createServer({
    db,
    corsOrigins: [],
    upstreams: new Map([['eip155:31337', NODE]]),
    now: () => clock.now,
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  for (let i = 0; i < 100; i++) {
    if (await rpc('eth_chainId', []).then(Boolean, () => false)) break
    await new Promise((r) => setTimeout(r, 100))
  }
}, 30_000)
afterAll(async () => {
  anvil.kill()
  await new Promise<void>((r) => server.close(() => r()))
  await db.close()
})

const get = (path: string, site = SITE) =>
  fetch(`${base}${path}${path.includes('?') ? '&' : '?'}projectId=shop`, {
    headers: { [SITE_ORIGIN_HEADER]: site },
  })
const register = (body: unknown) =>
  fetch(`${base}/v1/profile/account?projectId=shop`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SITE_ORIGIN_HEADER]: SITE },
    body: JSON.stringify(body),
  })
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code
const messageFor = (name: string, at = clock.now) =>
  JSON.stringify({ name, attributes: {}, timestamp: Math.floor(at / 1000) })

async function signed(account: typeof alice, name: string, at = clock.now) {
  const message = messageFor(name, at)
  return {
    coin_type: COIN,
    address: account.address,
    message,
    signature: await account.signMessage({ message }),
  }
}

describe('profile names (SPEC §7)', () => {
  it('registers a name signed by its account; it resolves both ways and is the identity', async () => {
    const before = (await (await get('/v1/profile/suggestions/alice?zone=reown.id')).json()) as {
      suggestions: unknown[]
    }
    expect(before.suggestions[0]).toEqual({ name: 'alice.reown.id', registered: false })
    const res = await register(await signed(alice, 'alice.reown.id'))
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ success: true })

    const resolved = await (await get('/v1/profile/account/alice.reown.id?apiVersion=2')).json()
    expect(resolved).toMatchObject({
      name: 'alice.reown.id',
      addresses: { [String(COIN)]: { address: alice.address.toLowerCase() } },
    })
    const reverse = (await (await get(`/v1/profile/reverse/${alice.address}?apiVersion=2`)).json()) as {
      name: string
    }[]
    expect(reverse.map((r) => r.name)).toEqual(['alice.reown.id'])
    expect(await (await get(`/v1/identity/${alice.address}`)).json()).toEqual({
      name: 'alice.reown.id',
      avatar: null,
    })
    const suggestions = (await (await get('/v1/profile/suggestions/alice')).json()) as {
      suggestions: { name: string; registered: boolean }[]
    }
    expect(suggestions.suggestions[0]).toEqual({ name: 'alice.reown.id', registered: true })
    expect(suggestions.suggestions.slice(1).every((s) => !s.registered && s.name !== 'alice.reown.id')).toBe(
      true,
    )
    expect(suggestions.suggestions.length).toBeGreaterThan(1)
  })

  it('refuses a name already taken, by another account', async () => {
    const res = await register(await signed(bob, 'alice.reown.id'))
    expect(res.status).toBe(409)
    expect(await errorOf(res)).toBe('name_taken')
    const resolved = await (await get('/v1/profile/account/alice.reown.id')).json()
    expect(resolved).toMatchObject({
      addresses: { [String(COIN)]: { address: alice.address.toLowerCase() } },
    })
    expect(await (await get(`/v1/identity/${bob.address}`)).json()).toEqual({ name: null, avatar: null })
  })

  it('refuses a forged signature: signed by another account than the one named', async () => {
    const message = messageFor('forged.reown.id')
    const res = await register({
      coin_type: COIN,
      address: alice.address,
      message,
      signature: await bob.signMessage({ message }),
    })
    expect(res.status).toBe(401)
    expect(await errorOf(res)).toBe('invalid_signature')
    expect((await get('/v1/profile/account/forged.reown.id')).status).toBe(404)
  })

  it('refuses a replayed message and one outside the time window', async () => {
    const body = await signed(bob, 'bob.reown.id')
    expect((await register(body)).status).toBe(200)
    const replay = await register(body)
    expect(replay.status).toBe(409)
    expect(await errorOf(replay)).toBe('message_used')
    const old = await signed(bob, 'bobby.reown.id', clock.now - 11 * 60_000)
    const expired = await register(old)
    expect(expired.status).toBe(400)
    expect(await errorOf(expired)).toBe('message_expired')
    expect((await get('/v1/profile/account/bobby.reown.id')).status).toBe(404)
  })

  it('refuses a message that is not a registration, and a bad name', async () => {
    const message = 'please register alice2'
    const res = await register({
      coin_type: COIN,
      address: alice.address,
      message,
      signature: await alice.signMessage({ message }),
    })
    expect(await errorOf(res)).toBe('invalid_message')
    expect(await errorOf(await register(await signed(alice, 'Bad_Name.reown.id')))).toBe('invalid_message')
    expect((await get('/v1/profile/account/a_b')).status).toBe(400)
    expect((await get('/v1/profile/reverse/not-an-address')).status).toBe(400)
  })

  it('asks the chain for a contract account (EIP-1271)', async () => {
    // Runtime code that answers isValidSignature's magic value 0x1626ba7e to any call.
    const wallet = '0x00000000000000000000000000000000000c0de1'
    await rpc('anvil_setCode', [wallet, '0x631626ba7e60e01b60005260206000f3'])
    const message = messageFor('vault.reown.id')
    const ok = await register({
      coin_type: COIN,
      address: wallet,
      message,
      signature: `0x${'11'.repeat(65)}`,
    })
    expect(ok.status).toBe(200)
    const eoa = '0x00000000000000000000000000000000000c0de2'
    const bad = await register({
      coin_type: COIN,
      address: eoa,
      message: messageFor('vault2.reown.id'),
      signature: `0x${'11'.repeat(65)}`,
    })
    expect(await errorOf(bad)).toBe('invalid_signature')
  })

  it('serves only sites the project allows', async () => {
    expect((await get(`/v1/identity/${alice.address}`, 'https://evil.test')).status).toBe(403)
  })
})
