import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  accountAbstractionAddresses,
  deployAccountAbstraction,
  PAYMASTER_SIGNER_PATH,
  testKey,
} from '@modalkit/local-chain/accountAbstraction'
import { type Anvil, startAnvil } from '@modalkit/local-chain/startAnvil'
import { type Bundler, startBundler } from '@modalkit/local-chain/startBundler'
import { SITE_ORIGIN_HEADER, smartAccountsReplySchema } from '@modalkit/protocol'
import { type Address, concat, createPublicClient, type Hex, http, type PublicClient, pad } from 'viem'
import { createBundlerClient, createPaymasterClient, toSoladySmartAccount } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Db } from '../db/Db.ts'
import { migrate } from '../db/migrate.ts'
import { openDb } from '../db/openDb.ts'
import { upsertProject } from '../projects/projects.ts'
import { createServer, SPONSORED_OPS_PER_IP } from '../server/createServer.ts'

// The API between the frame and the real Alto bundler on a real anvil node (nothing mocked): the
// sponsoring project's users pay no gas, the other project's paymaster calls are refused.
const SITE = 'http://shop.test'
const CHAIN = 'eip155:31337'
const signer = privateKeyToAccount(testKey(PAYMASTER_SIGNER_PATH) as Hex)
const addresses = accountAbstractionAddresses(signer.address)
let anvil: Anvil
let bundler: Bundler
let db: Db
let api: Server
let base = ''
let client: PublicClient

beforeAll(async () => {
  anvil = await startAnvil()
  await deployAccountAbstraction({ rpcUrl: anvil.rpcUrl, paymasterSigner: signer.address })
  bundler = await startBundler({ rpcUrl: anvil.rpcUrl, entryPoint: addresses.entryPoint })
  client = createPublicClient({ chain: foundry, transport: http(anvil.rpcUrl), pollingInterval: 50 })
  db = await openDb({ pgliteDir: 'memory://' })
  await migrate(db)
  await upsertProject(db, {
    id: 'paid',
    name: 'Paid',
    allowedOrigins: [SITE],
    features: { sponsoredGas: true },
  })
  await upsertProject(db, { id: 'plain', name: 'Plain', allowedOrigins: [SITE] })
  api = createServer({
    db,
    corsOrigins: [],
    upstreams: new Map([[CHAIN, anvil.rpcUrl]]),
    smartAccounts: {
      bundlers: new Map([[CHAIN, bundler.url]]),
      factory: addresses.accountFactory as Address,
      paymaster: { address: addresses.verifyingPaymaster as Address, signer },
    },
  })
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', () => r()))
  base = `http://127.0.0.1:${(api.address() as AddressInfo).port}`
}, 120_000)
afterAll(async () => {
  await new Promise<void>((r) => api?.close(() => r()))
  await db?.close()
  bundler?.stop()
  anvil?.stop()
})

const url = (path: string, project: string) =>
  `${base}${path}?projectId=${project}&chainId=${CHAIN}&siteOrigin=${encodeURIComponent(SITE)}`
const rpc = async (path: string, project: string, body: unknown, site = SITE) => {
  const res = await fetch(url(path, project), {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SITE_ORIGIN_HEADER]: site },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

it('tells the frame the networks with a bundler and whether the project sponsors gas', async () => {
  const read = async (project: string) => {
    const res = await fetch(`${base}/v1/smart-accounts?projectId=${project}`, {
      headers: { [SITE_ORIGIN_HEADER]: SITE },
    })
    return smartAccountsReplySchema.parse(await res.json())
  }
  expect(await read('paid')).toEqual({
    networks: [CHAIN],
    entryPoint: addresses.entryPoint,
    factory: addresses.accountFactory,
    sponsored: true,
  })
  expect((await read('plain')).sponsored).toBe(false)
  const elsewhere = await fetch(`${base}/v1/smart-accounts?projectId=paid`, {
    headers: { [SITE_ORIGIN_HEADER]: 'http://evil.test' },
  })
  expect(elsewhere.status).toBe(403)
})

it('sends a sponsored first operation through the API: the account is deployed, its owner pays nothing', async () => {
  const owner = privateKeyToAccount(generatePrivateKey())
  const account = await toSoladySmartAccount({
    client,
    owner,
    factoryAddress: addresses.accountFactory as Address,
    salt: concat([owner.address, pad('0x', { size: 12 })]),
  })
  const bundled = createBundlerClient({
    account,
    client,
    transport: http(url('/v1/bundler', 'paid')),
    paymaster: createPaymasterClient({ transport: http(url('/v1/paymaster', 'paid')) }),
    pollingInterval: 50,
  })
  const hash = await bundled.sendUserOperation({ calls: [{ to: owner.address, value: 0n, data: '0x01' }] })
  const receipt = await bundled.waitForUserOperationReceipt({ hash, pollingInterval: 50 })
  expect(receipt.success).toBe(true)
  expect(receipt.paymaster?.toLowerCase()).toBe(addresses.verifyingPaymaster.toLowerCase())
  expect(await client.getCode({ address: account.address })).toMatch(/^0x.+/)
  expect(await client.getBalance({ address: account.address })).toBe(0n)
})

it('refuses the paymaster to a project that does not sponsor, other methods, batches and other sites', async () => {
  const stub = await rpc('/v1/paymaster', 'plain', {
    jsonrpc: '2.0',
    id: 1,
    method: 'pm_getPaymasterStubData',
    params: [{ sender: signer.address, nonce: '0x0', callData: '0x' }, addresses.entryPoint, '0x7a69', {}],
  })
  expect(stub.body.error).toEqual({ code: -32602, message: 'this project does not sponsor gas' })
  const other = await rpc('/v1/bundler', 'paid', {
    jsonrpc: '2.0',
    id: 2,
    method: 'debug_bundler_clearState',
  })
  expect(other.body.error).toMatchObject({ code: -32601 })
  const batch = await rpc('/v1/bundler', 'paid', [{ jsonrpc: '2.0', id: 3, method: 'eth_chainId' }])
  expect(batch.status).toBe(400)
  const chain = await rpc('/v1/bundler', 'paid', { jsonrpc: '2.0', id: 4, method: 'eth_chainId' })
  expect(chain.body.result).toBe('0x7a69')
  const evil = await rpc(
    '/v1/bundler',
    'paid',
    { jsonrpc: '2.0', id: 5, method: 'eth_chainId' },
    'http://evil.test',
  )
  expect(evil.status).toBe(403)
})

it('limits the sponsorships one client can ask for (each costs the project gas)', async () => {
  const op = {
    sender: signer.address,
    nonce: '0x0',
    callData: '0x',
    callGasLimit: '0x1',
    verificationGasLimit: '0x1',
    preVerificationGas: '0x1',
    maxFeePerGas: '0x1',
    maxPriorityFeePerGas: '0x1',
  }
  const statuses: number[] = []
  for (let i = 0; i <= SPONSORED_OPS_PER_IP; i++) {
    const { status, body } = await rpc('/v1/paymaster', 'paid', {
      jsonrpc: '2.0',
      id: i,
      method: 'pm_getPaymasterData',
      params: [op, addresses.entryPoint, '0x7a69', {}],
    })
    statuses.push(status)
    if (status === 200)
      expect((body.result as { paymaster: string }).paymaster).toBe(addresses.verifyingPaymaster)
  }
  expect(statuses.at(-1)).toBe(429)
  expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(SPONSORED_OPS_PER_IP)
})
