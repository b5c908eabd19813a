import { type SmartAccountTestStack, startSmartAccountTestStack } from '@modalkit/api/smartAccountTestStack'
import { createPublicClient, encodeFunctionData, type Hex, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { SmartAccountSession } from './SmartAccountSession.ts'
import { openTestSmartAccount, sendCalls, settled } from './testSmartAccount.ts'

// The frame's smart account against the real stand-ins: anvil with ERC-4337 v0.7, the Alto bundler,
// and the API's RPC proxy, bundler and paymaster routes. Nothing is mocked.
let stack: SmartAccountTestStack
const node = () => createPublicClient({ chain: foundry, transport: http(stack.rpcUrl), pollingInterval: 50 })

beforeAll(async () => {
  stack = await startSmartAccountTestStack()
}, 120_000)
afterAll(() => stack?.stop())

const session = (project: 'paid' | 'plain', ownerKey?: Hex) => openTestSmartAccount(stack, project, ownerKey)

it('is counterfactual until its first, sponsored operation deploys it; the owner pays nothing', async () => {
  const ownerKey = generatePrivateKey()
  const account = await session('paid', ownerKey)
  expect(account.sponsored).toBe(true)
  expect(await account.isDeployed()).toBe(false)
  // Filled before any signature: an approval shows who pays and that this operation deploys.
  const prepared = await account.prepare([{ to: privateKeyToAccount(ownerKey).address, value: 0n }])
  expect(prepared).toMatchObject({ payer: 'paymaster', deploys: true })
  expect(prepared.maxFee).toBeGreaterThan(0n)
  const hash = await account.send(prepared)
  expect((await settled(account, hash)).status).toBe('success')
  expect(await account.isDeployed()).toBe(true)
  expect(await account.prepare([{ to: privateKeyToAccount(ownerKey).address }])).toMatchObject({
    deploys: false,
  })
  expect(await node().getBalance({ address: account.address })).toBe(0n)
  expect(await node().getBalance({ address: privateKeyToAccount(ownerKey).address })).toBe(0n)
  // The same key gives the same account again.
  expect((await session('paid', ownerKey)).address).toBe(account.address)
})

it('runs two calls atomically in one operation, paid by the account when the project does not sponsor', async () => {
  const account = await session('plain')
  expect(account.sponsored).toBe(false)
  const testClient = node()
  await testClient.request({
    method: 'anvil_setBalance' as never,
    params: [account.address, `0x${parseEther('1').toString(16)}`] as never,
  })
  const receiver = privateKeyToAccount(generatePrivateKey()).address
  expect(await account.prepare([{ to: receiver }])).toMatchObject({ payer: 'account', deploys: true })
  const hash = await sendCalls(account, [
    { to: receiver, value: 1000n },
    { to: receiver, value: 2000n },
  ])
  expect((await settled(account, hash)).status).toBe('success')
  expect(await testClient.getBalance({ address: receiver })).toBe(3000n)
  expect(await testClient.getBalance({ address: account.address })).toBeLessThan(parseEther('1') - 3000n)
  // A batch whose second call reverts is refused as a whole: nothing of it happens.
  const reverting = encodeFunctionData({
    abi: [
      {
        type: 'function',
        name: 'withdrawTo',
        inputs: [{ type: 'address' }, { type: 'uint256' }],
        outputs: [],
        stateMutability: 'nonpayable',
      },
    ],
    args: [receiver, 1n],
  })
  await expect(
    sendCalls(account, [
      { to: receiver, value: 5n },
      { to: stack.addresses.verifyingPaymaster as Hex, data: reverting },
    ]),
  ).rejects.toThrow()
  expect(await testClient.getBalance({ address: receiver })).toBe(3000n)
})

/** Permit2's PermitSingle: `PermitDetails` sorts before `PermitSingle`. */
const permitSingle = {
  domain: {
    name: 'Permit2',
    chainId: foundry.id,
    verifyingContract: '0x000000000022D473030F116dDEE9F6B43aC78BA3',
  },
  types: {
    PermitSingle: [
      { name: 'details', type: 'PermitDetails' },
      { name: 'spender', type: 'address' },
      { name: 'sigDeadline', type: 'uint256' },
    ],
    PermitDetails: [
      { name: 'token', type: 'address' },
      { name: 'amount', type: 'uint160' },
      { name: 'expiration', type: 'uint48' },
      { name: 'nonce', type: 'uint48' },
    ],
  },
  primaryType: 'PermitSingle',
  message: {
    details: { token: '0x0000000000000000000000000000000000000001', amount: 5n, expiration: 1, nonce: 0 },
    spender: '0x0000000000000000000000000000000000000002',
    sigDeadline: 9n,
  },
} as const

it('signs messages and typed data that verify before (EIP-6492) and after (EIP-1271) deployment', async () => {
  const account = await session('paid')
  const client = node()
  const typed = {
    domain: { name: 'Shop', version: '1', chainId: foundry.id },
    types: { Order: [{ name: 'id', type: 'uint256' }] },
    primaryType: 'Order' as const,
    message: { id: 7n },
  }
  const check = async (label: string) => {
    const signature = await account.signMessage(label)
    expect(await client.verifyMessage({ address: account.address, message: label, signature })).toBe(true)
    expect(await client.verifyMessage({ address: account.address, message: `${label}!`, signature })).toBe(
      false,
    )
    const typedSignature = await account.signTypedData(typed)
    expect(
      await client.verifyTypedData({ address: account.address, ...typed, signature: typedSignature }),
    ).toBe(true)
    // A primary type whose name sorts after a struct it uses (ERC-7739's explicit mode).
    const nestedSignature = await account.signTypedData(permitSingle)
    expect(
      await client.verifyTypedData({ address: account.address, ...permitSingle, signature: nestedSignature }),
    ).toBe(true)
  }
  await check('before deployment')
  // Any call deploys it (never one to itself: refuseAccountCalls).
  await settled(account, await sendCalls(account, [{ to: `0x${'0'.repeat(39)}1`, value: 0n }]))
  expect(await account.isDeployed()).toBe(true)
  await check('after deployment')
})

it("takes a site's own operation (eth_sendUserOperation): its calls decoded for the approval, its gas kept when all given, filled when none", async () => {
  const account = await session('plain')
  const testClient = node()
  await testClient.request({
    method: 'anvil_setBalance' as never,
    params: [account.address, `0x${parseEther('1').toString(16)}`] as never,
  })
  const receiver = privateKeyToAccount(generatePrivateKey()).address
  const execute = (value: bigint) =>
    encodeFunctionData({
      abi: [
        {
          type: 'function',
          name: 'execute',
          inputs: [
            { name: 'target', type: 'address' },
            { name: 'value', type: 'uint256' },
            { name: 'data', type: 'bytes' },
          ],
          outputs: [],
          stateMutability: 'payable',
        },
      ],
      args: [receiver, value, '0x'],
    })
  // No gas given: the wallet fills it (and the account's factory fields, as its first operation).
  const filled = await account.prepareOperation({ sender: account.address, callData: execute(7n) })
  expect(filled).toMatchObject({
    calls: [{ to: receiver, value: 7n, data: '0x' }],
    payer: 'account',
    deploys: true,
  })
  expect((await settled(account, await account.send(filled))).status).toBe('success')
  expect(await testClient.getBalance({ address: receiver })).toBe(7n)

  // All five gas fields given (and its nonce): kept exactly, and signed as given.
  const { operation } = await account.prepare([{ to: receiver, value: 9n }])
  const hex = (v: bigint) => `0x${v.toString(16)}`
  const given = await account.prepareOperation({
    sender: account.address,
    callData: operation.callData,
    nonce: hex(operation.nonce),
    callGasLimit: hex(operation.callGasLimit),
    verificationGasLimit: hex(operation.verificationGasLimit),
    preVerificationGas: hex(operation.preVerificationGas),
    maxFeePerGas: hex(operation.maxFeePerGas),
    maxPriorityFeePerGas: hex(operation.maxPriorityFeePerGas),
  })
  expect(given.operation).toMatchObject({
    callGasLimit: operation.callGasLimit,
    maxFeePerGas: operation.maxFeePerGas,
    nonce: operation.nonce,
  })
  expect(given).toMatchObject({ deploys: false, payer: 'account' })
  expect((await settled(account, await account.send(given))).status).toBe('success')
  expect(await testClient.getBalance({ address: receiver })).toBe(16n)

  // What the approval could not show, or a half-filled operation, is refused before any signature.
  const refused = (request: Parameters<SmartAccountSession['prepareOperation']>[0]) =>
    account.prepareOperation(request).then(
      () => 'accepted',
      (error: { issues?: { message: string; path: unknown[] }[] }) => error.issues?.[0],
    )
  expect(await refused({ sender: account.address, callData: '0xdeadbeef' })).toEqual({
    code: 'custom',
    path: [0, 'callData'],
    message: 'callData is not this account’s execute or executeBatch',
  })
  expect(
    await refused({ sender: account.address, callData: execute(1n), callGasLimit: '0x1' }),
  ).toMatchObject({
    message: 'give all five gas fields or none',
  })
  expect(
    await refused({
      sender: account.address,
      callData: execute(1n),
      paymaster: stack.addresses.verifyingPaymaster,
    }),
  ).toMatchObject({ path: [0, 'paymaster'], message: 'a paymaster needs its gas fields' })
  expect(await testClient.getBalance({ address: receiver })).toBe(16n)
})

it('refuses, before filling anything, an operation that calls the account itself, its EntryPoint or its DelegationManager, by every way in', async () => {
  const account = await session('plain')
  await node().request({
    method: 'anvil_setBalance' as never,
    params: [account.address, `0x${parseEther('1').toString(16)}`] as never,
  })
  const attacker = privateKeyToAccount(generatePrivateKey()).address
  const handOver = encodeFunctionData({
    abi: [{ type: 'function', name: 'transferOwnership', inputs: [{ name: 'to', type: 'address' }] }],
    args: [attacker],
  })
  const refusal = (run: () => Promise<unknown>) =>
    run().then(
      () => 'accepted',
      (error: Error) => error.name,
    )
  const REFUSED = 'SmartAccountSigningRefusedError'
  const selfCall = { to: account.address, data: handOver }
  expect(await refusal(() => account.prepare([{ to: attacker, value: 1n }, selfCall]))).toBe(REFUSED)
  expect(await refusal(() => account.prepare([{ to: account.entryPoint, data: '0x205c2878' }]))).toBe(REFUSED)
  const manager = account.permissions!.delegationManager as Hex
  expect(await refusal(() => account.prepare([{ to: manager, data: '0x49934047' }]))).toBe(REFUSED)
  // A site's own operation: each executeBatch item, gas given or not.
  const { operation } = await account.prepare([{ to: attacker, value: 1n }])
  const batch = encodeFunctionData({
    abi: [
      {
        type: 'function',
        name: 'executeBatch',
        inputs: [
          {
            name: 'calls',
            type: 'tuple[]',
            components: [
              { name: 'target', type: 'address' },
              { name: 'value', type: 'uint256' },
              { name: 'data', type: 'bytes' },
            ],
          },
        ],
      },
    ],
    args: [
      [
        { target: attacker, value: 0n, data: '0x' },
        { target: account.address, value: 0n, data: handOver },
      ],
    ],
  })
  const hex = (v: bigint) => `0x${v.toString(16)}`
  const gas = {
    callGasLimit: hex(operation.callGasLimit),
    verificationGasLimit: hex(operation.verificationGasLimit),
    preVerificationGas: hex(operation.preVerificationGas),
    maxFeePerGas: hex(operation.maxFeePerGas),
    maxPriorityFeePerGas: hex(operation.maxPriorityFeePerGas),
  }
  for (const request of [
    { sender: account.address, callData: batch },
    { sender: account.address, callData: batch, ...gas },
  ])
    expect(await refusal(() => account.prepareOperation(request))).toBe(REFUSED)
  // The account's own functions as the operation's callData are not execute or executeBatch: refused too.
  expect(await refusal(() => account.prepareOperation({ sender: account.address, callData: handOver }))).toBe(
    'ValidationError',
  )
  // An ordinary call and a deposit to the EntryPoint are filled.
  expect(await refusal(() => account.prepare([{ to: attacker, value: 1n }]))).toBe('accepted')
  const depositTo = `0xb760faf9${account.address.slice(2).toLowerCase().padStart(64, '0')}` as Hex
  expect(await refusal(() => account.prepare([{ to: account.entryPoint, data: depositTo }]))).toBe('accepted')
})
