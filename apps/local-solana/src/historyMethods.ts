import { VersionedTransaction } from '@solana/web3.js'
import { z } from 'zod'
import { base58 } from './base58.ts'
import type { LedgerEntry } from './Ledger.ts'
import type { LocalCluster } from './LocalCluster.ts'
import { RpcError } from './RpcError.ts'
import { method, opt, type RpcMethod } from './rpcMethod.ts'
import { commitmentConfigSchema, pubkeySchema, signatureSchema } from './rpcSchemas.ts'

const commitment = commitmentConfigSchema.shape.commitment
const slotSchema = z.number().int().nonnegative()
const transactionConfigSchema = z.looseObject({
  commitment,
  encoding: z.enum(['json', 'base64', 'base58']).optional(),
  maxSupportedTransactionVersion: z.number().int().nonnegative().optional(),
})
const blockConfigSchema = transactionConfigSchema.extend({
  transactionDetails: z.enum(['full', 'signatures', 'none']).optional(),
  rewards: z.boolean().optional(),
})
type Encoding = 'json' | 'base64' | 'base58'

/** Agave's answers for a block that is not there: in the future, or a slot without a block. */
const notAvailable = (slot: number) => new RpcError(-32004, `Block not available for slot ${slot}`)
const skipped = (slot: number) =>
  new RpcError(-32007, `Slot ${slot} was skipped, or missing due to ledger jump to recent snapshot`)

function versionOf(entry: LedgerEntry, maxVersion: number | undefined): 'legacy' | number {
  const { version } = VersionedTransaction.deserialize(entry.bytes)
  if (version !== 'legacy' && (maxVersion === undefined || version > maxVersion)) {
    throw new RpcError(
      -32015,
      `Transaction version (${version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${version}`,
    )
  }
  return version
}

/** The transaction in a node's `json` encoding: its message with indexes and base58 data. */
function jsonTransaction(entry: LedgerEntry) {
  const { signatures, message } = VersionedTransaction.deserialize(entry.bytes)
  return {
    signatures: signatures.map((signature) => base58.encode(signature)),
    message: {
      header: message.header,
      accountKeys: message.staticAccountKeys.map((key) => key.toBase58()),
      recentBlockhash: message.recentBlockhash,
      instructions: message.compiledInstructions.map((instruction) => ({
        programIdIndex: instruction.programIdIndex,
        accounts: instruction.accountKeyIndexes,
        data: base58.encode(instruction.data),
        stackHeight: null,
      })),
      ...(message.version === 0
        ? {
            addressTableLookups: message.addressTableLookups.map((lookup) => ({
              accountKey: lookup.accountKey.toBase58(),
              writableIndexes: lookup.writableIndexes,
              readonlyIndexes: lookup.readonlyIndexes,
            })),
          }
        : {}),
    },
  }
}

function meta(entry: LedgerEntry) {
  return {
    err: entry.err,
    status: entry.err === null ? { Ok: null } : { Err: entry.err },
    fee: entry.fee,
    preBalances: entry.preBalances,
    postBalances: entry.postBalances,
    innerInstructions: [],
    logMessages: entry.logMessages,
    preTokenBalances: entry.preTokenBalances,
    postTokenBalances: entry.postTokenBalances,
    rewards: [],
    loadedAddresses: { writable: [], readonly: [] },
    computeUnitsConsumed: entry.computeUnitsConsumed,
  }
}

function encoded(entry: LedgerEntry, encoding: Encoding) {
  if (encoding === 'json') return jsonTransaction(entry)
  const text =
    encoding === 'base64' ? Buffer.from(entry.bytes).toString('base64') : base58.encode(entry.bytes)
  return [text, encoding]
}

/**
 * The history methods a wallet's activity list and an indexer use (Solana activity), from
 * the cluster's ledger: getSignaturesForAddress, getTransaction, getBlock and getBlocks, in Agave's
 * shapes and with its errors. Every slot here has one block of one transaction; an airdrop lands in
 * a slot of its own that the ledger does not hold (litesvm's faucet transaction has no bytes to show),
 * which getBlock answers as a skipped slot.
 */
export function historyMethods(cluster: LocalCluster): [string, RpcMethod][] {
  const { ledger } = cluster
  return [
    [
      'getSignaturesForAddress',
      method(
        z.tuple([
          pubkeySchema,
          opt(
            z.looseObject({
              commitment,
              limit: z.number().int().min(1).max(1000).optional(),
              before: signatureSchema.optional(),
              until: signatureSchema.optional(),
              minContextSlot: z.number().int().optional(),
            }),
          ),
        ]),
        ([address, config]) =>
          ledger
            .signaturesFor(address.toBase58(), {
              limit: config?.limit ?? 1000,
              before: config?.before,
              until: config?.until,
            })
            .map((entry) => ({
              signature: entry.signature,
              slot: entry.slot,
              err: entry.err,
              memo: null,
              blockTime: entry.blockTime,
              confirmationStatus: 'finalized',
            })),
      ),
    ],
    [
      'getTransaction',
      method(z.tuple([signatureSchema, opt(transactionConfigSchema)]), ([signature, config]) => {
        const entry = ledger.transaction(signature)
        if (!entry) return null
        return {
          slot: entry.slot,
          blockTime: entry.blockTime,
          version: versionOf(entry, config?.maxSupportedTransactionVersion),
          transaction: encoded(entry, config?.encoding ?? 'json'),
          meta: meta(entry),
        }
      }),
    ],
    ['getFirstAvailableBlock', method(z.tuple([]), () => ledger.firstSlot() ?? cluster.slot)],
    [
      'getBlocks',
      method(z.tuple([slotSchema, opt(slotSchema), opt(commitmentConfigSchema)]), ([start, end]) => {
        const last = Math.min(end ?? cluster.slot, cluster.slot)
        if (last - start > 500_000)
          throw new RpcError(-32602, 'Invalid params: slot range too large; max 500000')
        return ledger.slots(start, last)
      }),
    ],
    [
      'getBlock',
      method(z.tuple([slotSchema, opt(blockConfigSchema)]), ([slot, config]) => {
        if (slot >= cluster.slot) throw notAvailable(slot)
        const entry = ledger.block(slot)
        if (!entry) throw skipped(slot)
        const details = config?.transactionDetails ?? 'full'
        const version = versionOf(entry, config?.maxSupportedTransactionVersion)
        return {
          blockHeight: entry.slot,
          blockTime: entry.blockTime,
          blockhash: entry.blockhash,
          parentSlot: Math.max(0, entry.slot - 1),
          previousBlockhash: entry.previousBlockhash,
          ...(details === 'full'
            ? {
                transactions: [
                  { transaction: encoded(entry, config?.encoding ?? 'json'), meta: meta(entry), version },
                ],
              }
            : details === 'signatures'
              ? { signatures: [entry.signature] }
              : {}),
          ...(config?.rewards === false ? {} : { rewards: [] }),
        }
      }),
    ],
  ]
}
