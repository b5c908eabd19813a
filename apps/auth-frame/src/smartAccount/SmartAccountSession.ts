import type { DelegationFramework, SendUserOperationRequest } from '@modalkit/protocol'
import type { Address, Hex, TypedDataDefinition } from 'viem'
import type { UserOperation } from 'viem/account-abstraction'
import type { AccountCallOptions } from './refuseAccountCalls.ts'

/** One call of a user operation. */
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
