import {
  accountAbstractionAddresses,
  deployAccountAbstraction,
  PAYMASTER_SIGNER_PATH,
  testKey,
} from '@modalkit/local-chain/accountAbstraction'
import { type Anvil, startAnvil } from '@modalkit/local-chain/startAnvil'
import { type Bundler, startBundler } from '@modalkit/local-chain/startBundler'
import {
  type Address,
  concat,
  createPublicClient,
  encodeFunctionData,
  type Hex,
  http,
  type PublicClient,
  pad,
  parseEther,
} from 'viem'
import {
  type BundlerClient,
  createBundlerClient,
  type GetPaymasterDataParameters,
  type SmartAccount,
  toSoladySmartAccount,
} from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { paymasterData, paymasterStubData, type UserOperationV07 } from './verifyingPaymaster.ts'

// The whole ERC-4337 v0.7 path on the local stand-ins: a real anvil node with the contracts the stack
// deploys, the real Alto bundler, and the API's paymaster signature. Nothing is mocked.
const paymasterSigner = privateKeyToAccount(testKey(PAYMASTER_SIGNER_PATH) as Hex)
const addresses = accountAbstractionAddresses(paymasterSigner.address)
let anvil: Anvil
let bundler: Bundler
let client: PublicClient

beforeAll(async () => {
  anvil = await startAnvil()
  await deployAccountAbstraction({ rpcUrl: anvil.rpcUrl, paymasterSigner: paymasterSigner.address })
  bundler = await startBundler({ rpcUrl: anvil.rpcUrl, entryPoint: addresses.entryPoint })
  client = createPublicClient({ chain: foundry, transport: http(anvil.rpcUrl), pollingInterval: 50 })
}, 120_000)
afterAll(() => {
  bundler?.stop()
  anvil?.stop()
})

/** The owner's address first in the salt: Solady's factory then lets only that owner take the address. */
async function smartAccount(): Promise<SmartAccount> {
  const owner = privateKeyToAccount(generatePrivateKey())
  return toSoladySmartAccount({
    client,
    owner,
    factoryAddress: addresses.accountFactory as Address,
    salt: concat([owner.address, pad('0x', { size: 12 })]),
  })
}

/** viem's paymaster hook gets a v0.6 or v0.7 shape: here only v0.7 (factory, no initCode) is valid. */
function v07(op: GetPaymasterDataParameters): UserOperationV07 {
  if ('initCode' in op && op.initCode !== undefined) throw new Error('a v0.6 user operation')
  const { callGasLimit, verificationGasLimit, preVerificationGas, maxFeePerGas, maxPriorityFeePerGas } = op
  if (
    callGasLimit === undefined ||
    verificationGasLimit === undefined ||
    preVerificationGas === undefined ||
    maxFeePerGas === undefined ||
    maxPriorityFeePerGas === undefined
  )
    throw new Error('the user operation has no gas limits yet')
  return {
    ...op,
    factory: 'factory' in op ? op.factory : undefined,
    factoryData: 'factoryData' in op ? op.factoryData : undefined,
    callGasLimit,
    verificationGasLimit,
    preVerificationGas,
    maxFeePerGas,
    maxPriorityFeePerGas,
  }
}

function bundlerClient(account: SmartAccount, sponsored: boolean): BundlerClient {
  const paymaster = addresses.verifyingPaymaster as Address
  return createBundlerClient({
    account,
    client,
    transport: http(bundler.url),
    pollingInterval: 50,
    ...(sponsored
      ? {
          paymaster: {
            getPaymasterStubData: async () => paymasterStubData(paymaster),
            getPaymasterData: async (op) =>
              paymasterData(v07(op), {
                paymaster,
                signer: paymasterSigner,
                chainId: foundry.id,
                nowMs: Date.now(),
              }),
          },
        }
      : {}),
  })
}

it('deploys the EntryPoint at its canonical v0.7 address, idempotently', async () => {
  expect(addresses.entryPoint).toBe('0x0000000071727De22E5E9d8BAf0edAc6f37da032')
  await expect(
    deployAccountAbstraction({ rpcUrl: anvil.rpcUrl, paymasterSigner: paymasterSigner.address }),
  ).resolves.toEqual(addresses)
  const { enforcers, ...contracts } = addresses
  // The Delegation Framework's DelegationManager and the permission enforcers too.
  for (const address of [...Object.values(contracts), ...Object.values(enforcers)]) {
    expect(await client.getCode({ address: address as Address })).not.toBe(undefined)
  }
})

it('a sponsored first operation deploys the account and costs its owner nothing', async () => {
  const account = await smartAccount()
  expect(await client.getCode({ address: account.address })).toBe(undefined)
  const receiver = privateKeyToAccount(generatePrivateKey()).address
  const bundled = bundlerClient(account, true)
  const hash = await bundled.sendUserOperation({ calls: [{ to: receiver, value: 0n, data: '0xabcd' }] })
  const receipt = await bundled.waitForUserOperationReceipt({ hash, pollingInterval: 50 })
  expect(receipt.success).toBe(true)
  expect(receipt.paymaster?.toLowerCase()).toBe(addresses.verifyingPaymaster.toLowerCase())
  expect(await client.getCode({ address: account.address })).toMatch(/^0x.+/)
  expect(await client.getBalance({ address: account.address })).toBe(0n)
})

it('runs a batch atomically: one reverting call undoes the other', async () => {
  const account = await smartAccount()
  await client.request({
    method: 'anvil_setBalance' as never,
    params: [account.address, `0x${parseEther('1').toString(16)}`] as never,
  })
  const receiver = privateKeyToAccount(generatePrivateKey()).address
  const bundled = bundlerClient(account, false)
  // withdrawTo is the paymaster owner's only: from the account it reverts.
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
  const hash = await bundled.sendUserOperation({
    calls: [
      { to: receiver, value: 1000n },
      { to: addresses.verifyingPaymaster as Address, data: reverting },
    ],
    // Limits given, so nothing is estimated: the bundler includes it and the chain reverts it.
    callGasLimit: 200_000n,
    verificationGasLimit: 600_000n,
    preVerificationGas: 100_000n,
  })
  const receipt = await bundled.waitForUserOperationReceipt({ hash, pollingInterval: 50 })
  expect(receipt.success).toBe(false)
  expect(await client.getBalance({ address: receiver })).toBe(0n)
  const both = await bundled.sendUserOperation({
    calls: [
      { to: receiver, value: 1000n },
      { to: receiver, value: 2000n },
    ],
  })
  expect((await bundled.waitForUserOperationReceipt({ hash: both, pollingInterval: 50 })).success).toBe(true)
  expect(await client.getBalance({ address: receiver })).toBe(3000n)
})

it('signs messages that verify by EIP-6492 before deployment and EIP-1271 after', async () => {
  const account = await smartAccount()
  const before = await account.signMessage({ message: 'hello before' })
  expect(
    await client.verifyMessage({ address: account.address, message: 'hello before', signature: before }),
  ).toBe(true)
  expect(await client.verifyMessage({ address: account.address, message: 'other', signature: before })).toBe(
    false,
  )
  const bundled = bundlerClient(account, true)
  const hash = await bundled.sendUserOperation({ calls: [{ to: account.address, value: 0n }] })
  await bundled.waitForUserOperationReceipt({ hash, pollingInterval: 50 })
  const after = await account.signMessage({ message: 'hello after' })
  expect(
    await client.verifyMessage({ address: account.address, message: 'hello after', signature: after }),
  ).toBe(true)
  expect(await client.verifyMessage({ address: account.address, message: 'hello', signature: after })).toBe(
    false,
  )
})
