import { PublicKey, VersionedMessage } from '@solana/web3.js'
import { z } from 'zod'
import { decodeTransaction } from './decodeTransaction.ts'
import { encodeAccount } from './encodeAccount.ts'
import { findTokenAccounts } from './findTokenAccounts.ts'
import { GENESIS_HASH } from './genesisHash.ts'
import { historyMethods } from './historyMethods.ts'
import { type Execution, LAMPORTS_PER_SIGNATURE, type LocalCluster, type SendResult } from './LocalCluster.ts'
import { invalidParams, RpcError } from './RpcError.ts'
import { method, opt, type RpcMethod, type RpcMethods } from './rpcMethod.ts'
import {
  accountConfigSchema,
  commitmentConfigSchema,
  lamportsSchema,
  pubkeySchema,
  sendConfigSchema,
  signatureSchema,
  simulateConfigSchema,
  tokenFilterSchema,
} from './rpcSchemas.ts'

/** Nominal: litesvm tracks Agave's runtime, and wallets read only that this is a 2.x node. */
const VERSION = { 'solana-core': '2.3.0', 'feature-set': 0 }

function simulationValue(execution: Execution) {
  return {
    err: execution.error?.json ?? null,
    logs: execution.logs,
    accounts: null,
    unitsConsumed: execution.unitsConsumed,
    returnData: execution.returnData
      ? {
          programId: execution.returnData.programId,
          data: [Buffer.from(execution.returnData.data).toString('base64'), 'base64'],
        }
      : null,
    innerInstructions: null,
    replacementBlockhash: null,
  }
}

/** A refused transaction as a node's preflight reports it (web3.js turns it into SendTransactionError). */
function preflightError(execution: Execution): RpcError {
  if (execution.error?.json === 'SignatureFailure')
    return new RpcError(-32003, 'Transaction signature verification failure')
  return new RpcError(
    -32002,
    `Transaction simulation failed: ${execution.error?.text ?? 'unknown error'}`,
    simulationValue(execution),
  )
}

function signatureOf(result: SendResult): string {
  if ('rejected' in result) throw preflightError(result.rejected)
  return result.signature
}

/** The HTTP JSON-RPC methods of the local cluster, each validating its params first. */
export function createRpcMethods(cluster: LocalCluster): RpcMethods {
  const context = () => ({ slot: cluster.slot })
  const withContext = (value: unknown) => ({ context: context(), value })
  return new Map<string, RpcMethod>([
    ['getHealth', method(z.tuple([]), () => 'ok')],
    ['getVersion', method(z.tuple([]), () => VERSION)],
    ['getGenesisHash', method(z.tuple([]), () => GENESIS_HASH)],
    ['getSlot', method(z.tuple([opt(commitmentConfigSchema)]), () => cluster.slot)],
    ['getBlockHeight', method(z.tuple([opt(commitmentConfigSchema)]), () => cluster.blockHeight)],
    [
      'getLatestBlockhash',
      method(z.tuple([opt(commitmentConfigSchema)]), () => withContext(cluster.latestBlockhash())),
    ],
    [
      'isBlockhashValid',
      method(z.tuple([z.string().max(44), opt(commitmentConfigSchema)]), ([blockhash]) =>
        withContext(cluster.isBlockhashValid(blockhash)),
      ),
    ],
    [
      'getBalance',
      method(z.tuple([pubkeySchema, opt(commitmentConfigSchema)]), ([address]) =>
        withContext(Number(cluster.getBalance(address))),
      ),
    ],
    [
      'getAccountInfo',
      method(z.tuple([pubkeySchema, opt(accountConfigSchema)]), ([address, config]) => {
        const account = cluster.getAccount(address)
        return withContext(
          account ? encodeAccount(account, config?.encoding ?? 'base64', config?.dataSlice) : null,
        )
      }),
    ],
    [
      'getMultipleAccounts',
      method(z.tuple([z.array(pubkeySchema).max(100), opt(accountConfigSchema)]), ([addresses, config]) =>
        withContext(
          addresses.map((address) => {
            const account = cluster.getAccount(address)
            return account ? encodeAccount(account, config?.encoding ?? 'base64', config?.dataSlice) : null
          }),
        ),
      ),
    ],
    [
      'getMinimumBalanceForRentExemption',
      method(
        z.tuple([
          z
            .number()
            .int()
            .nonnegative()
            .max(10 * 1024 * 1024),
          opt(commitmentConfigSchema),
        ]),
        ([size]) => Number(cluster.minimumBalanceForRentExemption(size)),
      ),
    ],
    [
      'getFeeForMessage',
      method(z.tuple([z.string().max(1644), opt(commitmentConfigSchema)]), ([text]) => {
        let message: VersionedMessage
        try {
          message = VersionedMessage.deserialize(Buffer.from(text, 'base64'))
        } catch {
          throw invalidParams('invalid message')
        }
        // Base fee only: priority fees (ComputeBudget prices) are not added. Null for an expired
        // blockhash, as a node answers.
        return withContext(
          cluster.isBlockhashValid(message.recentBlockhash)
            ? message.header.numRequiredSignatures * LAMPORTS_PER_SIGNATURE
            : null,
        )
      }),
    ],
    [
      'getSignatureStatuses',
      method(z.tuple([z.array(signatureSchema).max(256), opt(commitmentConfigSchema)]), ([signatures]) =>
        withContext(
          signatures.map((signature) => {
            const status = cluster.signatureStatus(signature)
            if (!status) return null
            return {
              slot: status.slot,
              confirmations: null,
              err: status.err,
              status: status.err === null ? { Ok: null } : { Err: status.err },
              confirmationStatus: 'finalized',
            }
          }),
        ),
      ),
    ],
    [
      'requestAirdrop',
      method(z.tuple([pubkeySchema, lamportsSchema, opt(commitmentConfigSchema)]), ([address, lamports]) => {
        const result = cluster.airdrop(address, BigInt(lamports))
        if ('rejected' in result)
          throw new RpcError(
            -32603,
            `airdrop request failed: ${result.rejected.error?.text ?? 'unknown error'}`,
          )
        return result.signature
      }),
    ],
    [
      'sendTransaction',
      method(z.tuple([z.string(), opt(sendConfigSchema)]), ([text, config]) => {
        const { transaction, bytes } = decodeTransaction(text, config?.encoding ?? 'base58')
        return signatureOf(cluster.send(transaction, bytes, config?.skipPreflight ?? false))
      }),
    ],
    [
      'simulateTransaction',
      method(z.tuple([z.string(), opt(simulateConfigSchema)]), ([text, config]) => {
        const { transaction, bytes } = decodeTransaction(text, config?.encoding ?? 'base58')
        const execution = cluster.simulate(transaction, bytes, {
          sigVerify: config?.sigVerify ?? false,
          replaceRecentBlockhash: config?.replaceRecentBlockhash ?? false,
        })
        const value = simulationValue(execution)
        if (config?.accounts) {
          const post = new Map(
            execution.postAccounts.map((entry) => [new PublicKey(entry.address).toBase58(), entry]),
          )
          const encoding = config.accounts.encoding === 'base58' ? 'base58' : 'base64'
          const accounts = config.accounts.addresses.map((address) => {
            const account = post.get(address.toBase58())?.account() ?? cluster.getAccount(address)
            return account ? encodeAccount(account, encoding) : null
          })
          return withContext({ ...value, accounts })
        }
        return withContext(value)
      }),
    ],
    [
      'getTokenAccountsByOwner',
      method(
        z.tuple([pubkeySchema, tokenFilterSchema, opt(accountConfigSchema)]),
        ([owner, filter, config]) =>
          withContext(
            findTokenAccounts(cluster, owner, filter, config?.encoding ?? 'base64', config?.dataSlice),
          ),
      ),
    ],
    ...historyMethods(cluster),
  ])
}
