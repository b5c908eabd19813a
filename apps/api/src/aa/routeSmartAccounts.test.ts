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
import {
  type Address,
  concat,
  createPublicClient,
  createWalletClient,
  type Hex,
  hexToBigInt,
  http,
  type LocalAccount,
  type PublicClient,
  pad,
  parseAbi,
  parseEther,
  parseGwei,
  toHex,
} from 'viem'
import {
  createBundlerClient,
  createPaymasterClient,
  entryPoint07Abi,
  formatUserOperationRequest,
  type SmartAccount,
  toPackedUserOperation,
  toSoladySmartAccount,
  type UserOperation,
} from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { loginEmbeddedWallet } from '../../test/loginEmbeddedWallet.ts'
import { openTestDb } from '../../test/openTestDb.ts'
import type { Db } from '../db/Db.ts'
import { migrate } from '../db/migrate.ts'
import { upsertProject } from '../projects/projects.ts'
import { parseTrustProxy } from '../server/clientAddress.ts'
import { ROUTE_LIMITS } from '../server/createRouteLimits.ts'
import { createServer, SPONSORED_OPS_PER_IP } from '../server/createServer.ts'
import { maxOperationCost } from './checkSponsoredOperation.ts'

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
  db = await openTestDb()
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
const rpc = async (path: string, project: string, body: unknown, site = SITE, authorization?: string) => {
  const res = await fetch(url(path, project), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [SITE_ORIGIN_HEADER]: site,
      ...(authorization ? { authorization } : {}),
    },
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

/** The owner's Solady account (the owner's address leads the salt, as the frame's). */
const accountOf = (owner: LocalAccount) =>
  toSoladySmartAccount({
    client,
    owner,
    factoryAddress: addresses.accountFactory as Address,
    salt: concat([owner.address, pad('0x', { size: 12 })]),
  })

/** A bundler client whose paymaster calls carry the embedded wallet's session, as the frame's. */
const sponsoredClient = (account: SmartAccount, project: string, authorization: string) =>
  createBundlerClient({
    account,
    client,
    transport: http(url('/v1/bundler', project)),
    paymaster: createPaymasterClient({
      transport: http(url('/v1/paymaster', project), { fetchOptions: { headers: { authorization } } }),
    }),
    pollingInterval: 50,
  })

it('sends a sponsored first operation through the API: the account is deployed, its owner pays nothing', async () => {
  const owner = privateKeyToAccount(generatePrivateKey())
  const account = await accountOf(owner)
  const bundled = sponsoredClient(account, 'paid', await loginEmbeddedWallet(db, owner.address))
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

const depositAbi = parseAbi(['function balanceOf(address) view returns (uint256)'])
const deposit = () =>
  client.readContract({
    address: addresses.entryPoint as Address,
    abi: depositAbi,
    functionName: 'balanceOf',
    args: [addresses.verifyingPaymaster as Address],
  })

/**
 * The attacker's own operation for its own account (deployed by the operation): a preVerificationGas
 * it never uses and a high legacy price (maxFeePerGas == maxPriorityFeePerGas), so the EntryPoint
 * pays whoever calls handleOps about 5 000 000 gas at 100 gwei out of the paymaster's deposit.
 */
async function drainingOperation(owner: LocalAccount) {
  const account = await accountOf(owner)
  const { factory, factoryData } = await account.getFactoryArgs()
  const op: UserOperation<'0.7'> = {
    sender: account.address,
    nonce: 0n,
    factory,
    factoryData,
    callData: await account.encodeCalls([{ to: owner.address, value: 0n, data: '0x' }]),
    callGasLimit: 100_000n,
    verificationGasLimit: 500_000n,
    preVerificationGas: 5_000_000n,
    maxFeePerGas: parseGwei('100'),
    maxPriorityFeePerGas: parseGwei('100'),
    paymasterVerificationGasLimit: 100_000n,
    paymasterPostOpGasLimit: 0n,
    signature: '0x',
  }
  return { account, op }
}

/** Asks the paymaster to sign `op`; if it does, submits it with handleOps, the attacker its beneficiary. */
async function tryDrain(account: SmartAccount, op: UserOperation<'0.7'>, authorization?: string) {
  const asked = await rpc(
    '/v1/paymaster',
    'paid',
    {
      jsonrpc: '2.0',
      id: 1,
      method: 'pm_getPaymasterData',
      params: [formatUserOperationRequest(op), addresses.entryPoint, '0x7a69', {}],
    },
    SITE,
    authorization,
  )
  const signed = asked.body.result as
    | {
        paymaster: Address
        paymasterData: Hex
        paymasterVerificationGasLimit: Hex
        paymasterPostOpGasLimit: Hex
      }
    | undefined
  const attacker = privateKeyToAccount(generatePrivateKey())
  if (signed) {
    await client.request({
      method: 'anvil_setBalance' as never,
      params: [attacker.address, toHex(parseEther('1'))] as never,
    })
    const full = {
      ...op,
      paymaster: signed.paymaster,
      paymasterData: signed.paymasterData,
      paymasterVerificationGasLimit: hexToBigInt(signed.paymasterVerificationGasLimit),
      paymasterPostOpGasLimit: hexToBigInt(signed.paymasterPostOpGasLimit),
    }
    full.signature = await account.signUserOperation(full)
    const wallet = createWalletClient({ account: attacker, chain: foundry, transport: http(anvil.rpcUrl) })
    const hash = await wallet.writeContract({
      address: addresses.entryPoint as Address,
      abi: entryPoint07Abi,
      functionName: 'handleOps',
      args: [[toPackedUserOperation(full)], attacker.address],
    })
    await client.waitForTransactionReceipt({ hash })
  }
  return { asked, gained: await client.getBalance({ address: attacker.address }) }
}

it('drain: a plain HTTP client with the project id and a listed site gets no signature; the deposit does not move', async () => {
  const before = await deposit()
  const { account, op } = await drainingOperation(privateKeyToAccount(generatePrivateKey()))
  const anonymous = await tryDrain(account, op)
  // A session of its own does not sponsor somebody else's account either.
  const other = await loginEmbeddedWallet(db, privateKeyToAccount(generatePrivateKey()).address)
  const another = await drainingOperation(privateKeyToAccount(generatePrivateKey()))
  const foreign = await tryDrain(another.account, another.op, other)
  expect(await deposit()).toBe(before)
  expect(anonymous.asked.status).toBe(401)
  expect(anonymous.asked.body).toEqual({
    error: { code: 'session_expired', message: 'Session Expired', field: 'header.authorization' },
  })
  expect(foreign.asked.body.error).toEqual({
    code: -32602,
    message: 'only the session’s own smart account is sponsored',
  })
})

it('drain: a logged-in wallet’s own account with an unused preVerificationGas and a legacy high price gets no signature', async () => {
  const before = await deposit()
  const owner = privateKeyToAccount(generatePrivateKey())
  const authorization = await loginEmbeddedWallet(db, owner.address)
  const { account, op } = await drainingOperation(owner)
  const inflated = await tryDrain(account, op, authorization)
  expect(inflated.asked.body.error).toEqual({
    code: -32602,
    message: 'preVerificationGas is over 20% above the bundler’s estimate',
  })
  // The same operation with an honest preVerificationGas but the legacy price: refused too.
  const honestGas = await sponsoredClient(account, 'paid', authorization).estimateUserOperationGas({
    calls: [{ to: owner.address, value: 0n, data: '0x' }],
    paymaster: createPaymasterClient({
      transport: http(url('/v1/paymaster', 'paid'), { fetchOptions: { headers: { authorization } } }),
    }),
  })
  const legacy = await tryDrain(
    account,
    { ...op, preVerificationGas: honestGas.preVerificationGas },
    authorization,
  )
  expect(legacy.asked.body.error).toEqual({
    code: -32602,
    message: 'a legacy price (maxFeePerGas equal to maxPriorityFeePerGas) is not sponsored',
  })
  const pricey = await tryDrain(
    account,
    { ...op, preVerificationGas: honestGas.preVerificationGas, maxPriorityFeePerGas: parseGwei('1') },
    authorization,
  )
  expect(pricey.asked.body.error).toEqual({
    code: -32602,
    message: 'maxFeePerGas is over 3× the network’s fee',
  })
  expect(await deposit()).toBe(before)
  expect([inflated.gained, legacy.gained, pricey.gained]).toEqual([0n, 0n, 0n])
})

it('budgets: a user past the project’s daily budget in wei is refused with sponsorship_budget_exceeded; another user is not until the project’s is spent', async () => {
  await upsertProject(db, {
    id: 'tight',
    name: 'Tight',
    allowedOrigins: [SITE],
    features: { sponsoredGas: true },
  })
  const owner = privateKeyToAccount(generatePrivateKey())
  const authorization = await loginEmbeddedWallet(db, owner.address)
  const account = await accountOf(owner)
  const prepared = (await sponsoredClient(account, 'tight', authorization).prepareUserOperation({
    calls: [{ to: owner.address, value: 0n, data: '0x' }],
  })) as UserOperation<'0.7'>
  const cost = maxOperationCost(prepared)
  // Room for one more operation of this cost for this user today, and for three in all.
  await upsertProject(db, {
    id: 'tight',
    name: 'Tight',
    allowedOrigins: [SITE],
    features: {
      sponsoredGas: true,
      sponsoredGasBudget: {
        projectWeiPerDay: String((7n * cost) / 2n),
        userWeiPerDay: String((5n * cost) / 2n),
      },
    },
  })
  const ask = (op: UserOperation<'0.7'>, who: string) =>
    rpc(
      '/v1/paymaster',
      'tight',
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'pm_getPaymasterData',
        params: [formatUserOperationRequest(op), addresses.entryPoint, '0x7a69', {}],
      },
      SITE,
      who,
    )
  expect((await ask(prepared, authorization)).body.result).toMatchObject({
    paymaster: addresses.verifyingPaymaster,
  })
  const past = await ask(prepared, authorization)
  expect(past.status).toBe(429)
  expect(past.body).toEqual({
    error: {
      code: 'sponsorship_budget_exceeded',
      message: 'Gas sponsorship budget exceeded: this user’s daily budget',
    },
  })
  // Another user of the project is sponsored until the project's own budget is spent.
  const second = privateKeyToAccount(generatePrivateKey())
  const secondAuth = await loginEmbeddedWallet(db, second.address)
  const secondAccount = await accountOf(second)
  const secondOp = { ...prepared, sender: secondAccount.address, ...(await secondAccount.getFactoryArgs()) }
  expect((await ask(secondOp, secondAuth)).body.result).toMatchObject({
    paymaster: addresses.verifyingPaymaster,
  })
  const spent = await ask(secondOp, secondAuth)
  expect(spent.status).toBe(429)
  expect((spent.body.error as { message: string }).message).toBe(
    'Gas sponsorship budget exceeded: the project’s daily budget',
  )
})

it('limits the sponsorships one client can ask for (each costs the project gas)', async () => {
  const authorization = await loginEmbeddedWallet(db, privateKeyToAccount(generatePrivateKey()).address)
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
    const { status, body } = await rpc(
      '/v1/paymaster',
      'paid',
      {
        jsonrpc: '2.0',
        id: i,
        method: 'pm_getPaymasterData',
        params: [op, addresses.entryPoint, '0x7a69', {}],
      },
      SITE,
      authorization,
    )
    statuses.push(status)
    // Answered, each refused: not the session's account.
    if (status === 200) expect(body.error).toMatchObject({ code: -32602 })
  }
  expect(statuses.at(-1)).toBe(429)
  expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(SPONSORED_OPS_PER_IP)
})

it('limits the bundler calls one client can pass (each is a round trip to the bundler)', async () => {
  // A replica of its own with the figure lowered to 3, so the limit shows in a few calls, and a client
  // of its own (behind a trusted proxy): the earlier tests' bundler calls came from 127.0.0.1.
  const limited = createServer({
    db,
    corsOrigins: [],
    trustProxy: parseTrustProxy('127.0.0.1'),
    routeLimits: { ...ROUTE_LIMITS, bundlerCallsPerClient: 3 },
    smartAccounts: {
      bundlers: new Map([[CHAIN, bundler.url]]),
      factory: addresses.accountFactory as Address,
    },
  })
  await new Promise<void>((r) => limited.listen(0, '127.0.0.1', () => r()))
  const port = (limited.address() as AddressInfo).port
  const statuses: number[] = []
  for (let id = 0; id < 5; id++) {
    const res = await fetch(`http://127.0.0.1:${port}/v1/bundler?projectId=plain&chainId=${CHAIN}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': '203.0.113.9',
        [SITE_ORIGIN_HEADER]: SITE,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id, method: 'eth_supportedEntryPoints', params: [] }),
    })
    statuses.push(res.status)
    // Answered by the real bundler until the limit; the typed error past it.
    expect(await res.json()).toEqual(
      res.status === 200
        ? { jsonrpc: '2.0', id, result: [addresses.entryPoint] }
        : { error: { code: 'rate_limited', message: 'Rate Limited' } },
    )
  }
  await new Promise<void>((r) => limited.close(() => r()))
  expect(statuses).toEqual([200, 200, 200, 429, 429])
})
