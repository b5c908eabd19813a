import { invalidInput, type SmartAccountsReply, UnsupportedMethodError } from '@modalkit/protocol'
import {
  type Address,
  concat,
  createClient,
  custom,
  defineChain,
  type Hex,
  hashMessage,
  hashTypedData,
  isErc6492Signature,
  pad,
  serializeErc6492Signature,
  type TypedDataDefinition,
} from 'viem'
import {
  createBundlerClient,
  createPaymasterClient,
  formatUserOperationRequest,
  type SmartAccount,
  toSoladySmartAccount,
  type UserOperation,
} from 'viem/account-abstraction'
import { type LocalAccount, toAccount } from 'viem/accounts'
import { verifyTypedData } from 'viem/actions'
import { apiTransport } from './apiTransport.ts'
import { withExplicitContentsName } from './explicitContentsName.ts'
import { refuseAccountCalls } from './refuseAccountCalls.ts'
import type { SmartAccountSession } from './SmartAccountSession.ts'

export type CreateSmartAccountParameters = {
  /** The embedded wallet's EOA: in the frame, each signature rebuilds its key for that call only. */
  owner: LocalAccount
  chainId: number
  /** The frame's chain RPC for this chain (createChainRpc), bound to its CAIP-2 id. */
  rpc: (method: string, params: unknown[]) => Promise<unknown>
  /** The API's /v1/bundler and /v1/paymaster URLs for this chain, project and site. */
  bundlerUrl: string
  paymasterUrl: string
  /** The session's `Authorization` value, sent to the paymaster only (it sponsors the session's account). */
  authorization?: (() => string | undefined) | undefined
  config: SmartAccountsReply
}

/**
 * The embedded wallet's EOA as the account's owner: `signDigest` rebuilds the key for one signature
 * (the wallet's `withWalletSeed`), so no key is held here. It signs user operation hashes (as an
 * EIP-191 message) and ERC-7739 typed data, and never a transaction.
 */
export function toOwnerAccount(address: Address, signDigest: (digest: Hex) => Promise<Hex>): LocalAccount {
  return toAccount({
    address,
    signMessage: ({ message }) => signDigest(hashMessage(message)),
    signTypedData: (typedData) => signDigest(hashTypedData(typedData as TypedDataDefinition)),
    signTransaction: () => Promise.reject(new UnsupportedMethodError('eth_signTransaction')),
  })
}

/** The owner's address leads the salt: Solady's factory then lets only this owner take the address. */
export const ownerSalt = (owner: Address): Hex => concat([owner, pad('0x', { size: 12 })])

/**
 * The embedded wallet's smart account, in the secure frame (a lazy chunk: only a smart
 * account loads it). Solady's ERC-4337 v0.7 account owned by the wallet's EOA key, counterfactual until
 * its first user operation deploys it. Chain reads go through the frame's RPC (the API's proxy);
 * user operations through the API's bundler and, for a project that sponsors gas, its paymaster.
 */
export async function createSmartAccount({
  owner,
  chainId,
  rpc,
  bundlerUrl,
  paymasterUrl,
  authorization,
  config,
}: CreateSmartAccountParameters): Promise<SmartAccountSession> {
  const chain = defineChain({
    id: chainId,
    name: `eip155:${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [] } },
  })
  const client = createClient({
    chain,
    transport: custom({
      request: ({ method, params }) => rpc(method, (params as unknown[] | undefined) ?? []),
    }),
    pollingInterval: 500,
  })
  const account: SmartAccount = await toSoladySmartAccount({
    client,
    owner,
    factoryAddress: config.factory as Address,
    salt: ownerSalt(owner.address),
  })
  const bundler = createBundlerClient({
    account,
    client,
    transport: apiTransport(bundlerUrl),
    ...(config.sponsored
      ? { paymaster: createPaymasterClient({ transport: apiTransport(paymasterUrl, authorization) }) }
      : {}),
  })
  const what = 'eth_sendUserOperation params'
  const summarize = (operation: UserOperation<'0.7'>, deploys: boolean) => {
    const gas =
      operation.callGasLimit +
      operation.verificationGasLimit +
      operation.preVerificationGas +
      (operation.paymasterVerificationGasLimit ?? 0n) +
      (operation.paymasterPostOpGasLimit ?? 0n)
    return {
      operation,
      maxFee: gas * operation.maxFeePerGas,
      payer: operation.paymaster ? ('paymaster' as const) : ('account' as const),
      deploys,
    }
  }
  const scope = {
    address: account.address,
    entryPoint: account.entryPoint.address,
    delegationManager: config.permissions?.delegationManager,
  }
  const session: SmartAccountSession = {
    address: account.address,
    entryPoint: account.entryPoint.address,
    sponsored: config.sponsored,
    permissions: config.permissions,
    async isDeployed() {
      return account.isDeployed()
    },
    async factoryArgs() {
      if (await account.isDeployed()) return undefined
      const { factory, factoryData } = await account.getFactoryArgs()
      return factory && factoryData ? { factory, factoryData } : undefined
    },
    read: rpc,
    async verifyTypedData(typedData, signature) {
      const meta = await session.factoryArgs()
      const checked =
        meta && !isErc6492Signature(signature)
          ? serializeErc6492Signature({ address: meta.factory, data: meta.factoryData, signature })
          : signature
      return verifyTypedData(client, {
        ...(typedData as unknown as Parameters<typeof verifyTypedData>[1]),
        address: account.address,
        signature: checked,
      }).catch(() => false)
    },
    async prepare(calls, { nonce, ...options } = {}) {
      refuseAccountCalls(calls, scope, options)
      const deploys = !(await account.isDeployed())
      const operation = (await bundler.prepareUserOperation({
        calls: calls.map(({ to, value, data }) => ({ to, value: value ?? 0n, data: data ?? '0x' })),
        ...(nonce === undefined ? {} : { nonce }),
      })) as UserOperation<'0.7'>
      return summarize(operation, deploys)
    },
    async prepareOperation(request) {
      const calls = await account.decodeCalls?.(request.callData as Hex).catch(() => undefined)
      if (!calls)
        throw invalidInput(what, 'callData is not this account’s execute or executeBatch', [0, 'callData'])
      refuseAccountCalls(calls, scope)
      const gas = {
        callGasLimit: request.callGasLimit,
        verificationGasLimit: request.verificationGasLimit,
        preVerificationGas: request.preVerificationGas,
        maxFeePerGas: request.maxFeePerGas,
        maxPriorityFeePerGas: request.maxPriorityFeePerGas,
      }
      const given = Object.values(gas).filter((v) => v !== undefined).length
      if (given !== 0 && given !== 5) throw invalidInput(what, 'give all five gas fields or none', [0])
      const nonce = request.nonce === undefined ? undefined : BigInt(request.nonce)
      if (given === 0) {
        // A paymaster signs the gas it pays for: without gas fields there is nothing it signed.
        if (request.paymaster) throw invalidInput(what, 'a paymaster needs its gas fields', [0, 'paymaster'])
        return { ...(await session.prepare(calls, { nonce })), calls: [...calls] }
      }
      const deploys = !(await account.isDeployed())
      const operation: UserOperation<'0.7'> = {
        sender: account.address,
        nonce: nonce ?? (await account.getNonce()),
        callData: request.callData as Hex,
        callGasLimit: BigInt(gas.callGasLimit!),
        verificationGasLimit: BigInt(gas.verificationGasLimit!),
        preVerificationGas: BigInt(gas.preVerificationGas!),
        maxFeePerGas: BigInt(gas.maxFeePerGas!),
        maxPriorityFeePerGas: BigInt(gas.maxPriorityFeePerGas!),
        signature: '0x',
        ...(deploys ? await account.getFactoryArgs() : {}),
        ...(request.paymaster
          ? {
              paymaster: request.paymaster as Address,
              paymasterVerificationGasLimit: BigInt(request.paymasterVerificationGasLimit ?? 0),
              paymasterPostOpGasLimit: BigInt(request.paymasterPostOpGasLimit ?? 0),
              paymasterData: (request.paymasterData ?? '0x') as Hex,
            }
          : {}),
      }
      return {
        ...summarize(operation, deploys),
        ...(request.paymaster ? { sitePaymaster: request.paymaster as Address } : {}),
        calls: [...calls],
      }
    },
    async send({ operation }) {
      const signature = await account.signUserOperation(operation)
      return bundler.request({
        method: 'eth_sendUserOperation',
        params: [formatUserOperationRequest({ ...operation, signature }), account.entryPoint.address],
      })
    },
    async status(hash) {
      const receipt = await bundler.getUserOperationReceipt({ hash }).catch((error: unknown) => {
        if (error instanceof Error && error.name === 'UserOperationReceiptNotFoundError') return undefined
        throw error
      })
      if (!receipt) return { status: 'pending' }
      return {
        status: receipt.success ? 'success' : 'failure',
        transactionHash: receipt.receipt.transactionHash,
        blockHash: receipt.receipt.blockHash,
        blockNumber: receipt.receipt.blockNumber,
        gasUsed: receipt.actualGasUsed,
        logs: receipt.logs.map(({ address, data, topics }) => ({ address, data, topics: [...topics] })),
      }
    },
    signMessage(message) {
      return account.signMessage({ message })
    },
    async signTypedData(typedData) {
      const signature = await account.signTypedData(typedData)
      const { types, primaryType } = typedData as unknown as {
        types: Record<string, { name: string; type: string }[]>
        primaryType: string
      }
      return withExplicitContentsName(signature, types, primaryType)
    },
  }
  return session
}
