import { ProviderRpcError } from './ProviderRpcError.ts'

/**
 * A transaction as the page hands it to the Solana provider: serialized bytes, or a @solana/web3.js
 * `Transaction` / `VersionedTransaction` of the page's own copy of the library, known by its shape
 * (the loader does not bundle the library's transaction classes).
 */
export type SolanaTransactionInput = Uint8Array | LegacyTransactionLike | VersionedTransactionLike

type LegacyTransactionLike = {
  serialize(config?: { requireAllSignatures?: boolean; verifySignatures?: boolean }): Uint8Array
}
type VersionedTransactionLike = { readonly version: unknown; serialize(): Uint8Array }

type LegacyClass = { from(bytes: Uint8Array): unknown }
type VersionedClass = { deserialize(bytes: Uint8Array): unknown }

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

const isVersioned = (tx: object): tx is VersionedTransactionLike => 'version' in tx

/** The bytes of a transaction the page passed, or -32602 naming what it must be. */
export function transactionBytes(tx: unknown): Uint8Array {
  if (tx instanceof Uint8Array) return tx
  if (isObject(tx) && typeof tx.serialize === 'function') {
    // A legacy transaction the wallet has not signed yet: serialize it without its signatures.
    const bytes = isVersioned(tx)
      ? tx.serialize()
      : (tx as LegacyTransactionLike).serialize({ requireAllSignatures: false, verifySignatures: false })
    if (bytes instanceof Uint8Array) return bytes
  }
  throw new ProviderRpcError(
    -32602,
    'Invalid params: transaction must be a Transaction, a VersionedTransaction or its serialized bytes (Uint8Array)',
  )
}

/**
 * The signed bytes in the form the page gave: bytes for bytes, else a new object of the page's own
 * class (`Transaction.from` / `VersionedTransaction.deserialize`), as AppKit's Solana adapter answers.
 */
export function asInputShape<T extends SolanaTransactionInput>(input: T, signed: Uint8Array): T {
  if (input instanceof Uint8Array) return signed as T
  const ctor: unknown = (input as object).constructor
  if (isVersioned(input)) {
    if (isObject(ctor) || typeof ctor === 'function') {
      const deserialize = (ctor as Partial<VersionedClass>).deserialize
      if (typeof deserialize === 'function') return deserialize.call(ctor, signed) as T
    }
  } else if (typeof ctor === 'function' && typeof (ctor as Partial<LegacyClass>).from === 'function') {
    return (ctor as unknown as LegacyClass).from(signed) as T
  }
  throw new ProviderRpcError(-32602, 'Invalid params: the transaction class has no from() or deserialize()')
}
