import {
  AppKitError,
  type DelegationFramework,
  invalidInput,
  jsonRpcResponseSchema,
  type SendUserOperationRequest,
  type SmartAccountsReply,
  UnsupportedMethodError,
} from '@modalkit/protocol'
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
import { withExplicitContentsName } from './explicitContentsName.ts'
import { type AccountCallOptions, refuseAccountCalls } from './refuseAccountCalls.ts'

/**
 * Issue 10: the embedded wallet's smart account, in the secure frame (a lazy chunk: only a smart
 * account loads it). Solady's ERC-4337 v0.7 account owned by the wallet's EOA key, counterfactual until
 * its first user operation deploys it. Chain reads go through the frame's RPC (the API's proxy);
 * user operations through the API's bundler and, for a project that sponsors gas, its paymaster.
 */
export type SmartAccountCall = { to: Address; value?: bigint | undefined; data?: Hex | undefined }
export type UserOperationStatus =
  | { status: 'pending' }
  | {
      status: 'success' | 'failure'
      transactionHash: Hex
      blockHash: Hex
      blockNumber: bigint
      gasUsed: bigint
      /** The operation's own logs (not the bundle's). */
      logs: { address: Address; data: Hex; topics: Hex[] }[]
    }

/** A user operation filled (nonce, gas, fees, the paymaster's data), not signed yet. */
export type PreparedOperation = {
  operation: UserOperation<'0.7'>
  /** The most the operation can cost in wei: its gas limits at its fee cap. */
  maxFee: bigint
  /** Who pays that fee: a paymaster, or the account itself. */
  payer: 'paymaster' | 'account'
  /** The paymaster the site named in its own operation (not the project's): shown as such. */
  sitePaymaster?: Address
  /** Whether this operation deploys the account (its first). */
  deploys: boolean
}

export type SmartAccountSession = {
  address: Address
  /** The EntryPoint (v0.7) its operations go through. */
  entryPoint: Address
  sponsored: boolean
  /** Where it grants ERC-7715 permissions (the Delegation Framework); none: it grants none. */
  permissions: DelegationFramework | undefined
  isDeployed(): Promise<boolean>
  /** The factory call that deploys it, while it is not deployed (ERC-7715's `accountMeta`). */
  factoryArgs(): Promise<{ factory: Address; factoryData: Hex } | undefined>
  /** A read through the frame's chain RPC, on its chain. */
  read(method: string, params: unknown[]): Promise<unknown>
  /** Whether `signature` is this account's over the typed data, checked on chain (ERC-1271, or ERC-6492 before deployment). */
  verifyTypedData(typedData: TypedDataDefinition, signature: Hex): Promise<boolean>
  /**
   * Fills one user operation for `calls` (several run atomically through executeBatch), so an
   * approval can show its fee before anything is signed. Calls that could hand the account over are
   * refused first (refuseAccountCalls); the DelegationManager is `allowed` for the permission flows.
   */
  prepare(
    calls: readonly SmartAccountCall[],
    options?: AccountCallOptions & { nonce?: bigint | undefined },
  ): Promise<PreparedOperation>
  /**
   * A site's own operation (eth_sendUserOperation): its calls must be this account's `execute` or
   * `executeBatch`, so the approval can show them, and each call passes refuseAccountCalls. With all
   * five gas fields it is kept as given (its nonce, its paymaster); with none the wallet fills it as
   * for `prepare`. The factory fields are always the account's own.
   */
  prepareOperation(
    request: SendUserOperationRequest,
  ): Promise<PreparedOperation & { calls: SmartAccountCall[] }>
  /** Signs exactly the prepared operation with the owner and hands it to the bundler: its hash. */
  send(prepared: PreparedOperation): Promise<Hex>
  /** From eth_getUserOperationReceipt: pending until the bundler's transaction is mined. */
  status(hash: Hex): Promise<UserOperationStatus>
  /** ERC-1271 (ERC-7739) signatures, wrapped by ERC-6492 until the account is deployed. */
  signMessage(message: string | { raw: Hex }): Promise<Hex>
  signTypedData(typedData: TypedDataDefinition): Promise<Hex>
}

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

/** A JSON-RPC transport over fetch whose replies are parsed (they cross from the API's origin). */
function apiTransport(url: string, authorization?: () => string | undefined) {
  let id = 0
  return custom({
    async request({ method, params }: { method: string; params?: unknown }) {
      const bearer = authorization?.()
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(bearer ? { authorization: bearer } : {}) },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params: params ?? [] }),
      })
      const reply = jsonRpcResponseSchema.safeParse(await res.json().catch(() => undefined))
      if (!res.ok || !reply.success)
        throw new AppKitError({ code: 5000, shortMessage: `bundler call failed: HTTP ${res.status}` })
      if (reply.data.error) {
        // The bundler's own codes (-32500 validation, -32521 revert…) are not the SDK's: internal,
        // with its message (AA2x, the revert reason) kept for the site.
        const { code, message } = reply.data.error
        throw new AppKitError({
          code: code === -32602 ? -32602 : -32603,
          shortMessage: message.slice(0, 300),
        })
      }
      return reply.data.result
    },
  })
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
