import {
  type HostSnapshot,
  NotConnectedError,
  parseSolanaSignResult,
  type SolanaSignMethod,
  type SolanaSignResult,
} from '@modalkit/protocol'
import { base64ToBytes, bytesToBase64, decodeBase58, encodeBase58 } from '@modalkit/shared'
import { ProviderRpcError, toProviderRpcError } from './ProviderRpcError.ts'
import { solanaProviderEvents, solanaPublicKey } from './solanaProviderEvents.ts'
import type { Store } from './store.ts'
import { waitForConnection } from './waitForConnection.ts'

type Handler = (payload: never) => void

/** Send options a Solana wallet passes to the cluster with `signAndSendTransaction`. */
export type SolanaSendOptions = {
  skipPreflight?: boolean
  preflightCommitment?: 'processed' | 'confirmed' | 'finalized'
  maxRetries?: number
}

/**
 * The Solana provider the host page gets from `getProvider('solana')`: the shape of Reown AppKit's
 * Solana adapter and of injected Solana wallets, with bytes in and out (serialized transactions, no
 * @solana/web3.js objects: the loader stays small) and the public key as a base58 string.
 */
export type SolanaProvider = {
  /** The connected account's public key (base58), or null. */
  readonly publicKey: string | null
  readonly isConnected: boolean
  connect(): Promise<{ publicKey: string }>
  disconnect(): Promise<void>
  signMessage(message: Uint8Array): Promise<{ signature: Uint8Array }>
  /** A serialized transaction (legacy or versioned) in, the same transaction signed out. */
  signTransaction(transaction: Uint8Array): Promise<Uint8Array>
  signAllTransactions(transactions: Uint8Array[]): Promise<Uint8Array[]>
  signAndSendTransaction(transaction: Uint8Array, options?: SolanaSendOptions): Promise<{ signature: string }>
  on(event: 'connect' | 'disconnect' | 'accountChanged', handler: (...args: never[]) => void): SolanaProvider
  removeListener(event: string, handler: (...args: never[]) => void): SolanaProvider
}

export type SolanaBackend = {
  /** Resolves once the modal answered `init`, so state-backed answers are real. */
  ready(): Promise<unknown>
  /** Sends a signing request to the modal (namespace `solana`), which routes it to the wallet. */
  forward(method: SolanaSignMethod, params: unknown): Promise<unknown>
  open(): Promise<void>
  disconnect(): Promise<void>
}

function bytes(value: unknown, what: string): Uint8Array {
  if (value instanceof Uint8Array) return value
  throw new ProviderRpcError(-32602, `Invalid params: ${what} must be a Uint8Array (serialized)`)
}

/** Decoded output of a reply the schema already checked: a failure here means the wallet lied. */
function decoded(value: Uint8Array | undefined): Uint8Array {
  if (!value) throw new ProviderRpcError(-32603, 'Internal error')
  return value
}

export function createSolanaProvider(store: Store<HostSnapshot>, backend: SolanaBackend): SolanaProvider {
  const listeners = new Map<string, Set<Handler>>()
  let previous = store.get()

  store.subscribe((next) => {
    const events = solanaProviderEvents(previous, next)
    previous = next
    for (const [event, payload] of events) {
      for (const handler of [...(listeners.get(event) ?? [])]) {
        try {
          ;(handler as (p: unknown) => void)(payload)
        } catch (error) {
          console.error(`[appkit] solana ${event} listener failed`, error)
        }
      }
    }
  })

  /** Runs a call once the modal is ready; every failure reaches the page as a provider error. */
  const call = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      await backend.ready()
      return await fn()
    } catch (error) {
      throw toProviderRpcError(error)
    }
  }

  const signer = (): string => {
    const key = solanaPublicKey(store.get())
    if (!key) throw new NotConnectedError('no Solana account is connected')
    return key
  }

  /** One request through the modal, its answer parsed by the method's protocol schema. */
  const sign = async <M extends SolanaSignMethod>(method: M, params: unknown): Promise<SolanaSignResult<M>> =>
    parseSolanaSignResult(method, await backend.forward(method, params))

  const provider: SolanaProvider = {
    get publicKey() {
      return solanaPublicKey(store.get())
    },
    get isConnected() {
      return solanaPublicKey(store.get()) !== null
    },
    connect: () =>
      call(async () => ({
        publicKey: await waitForConnection(store, backend.open, (s) => solanaPublicKey(s) ?? undefined),
      })),
    disconnect: () => call(() => backend.disconnect()),
    signMessage: (message) =>
      call(async () => {
        const params = { message: encodeBase58(bytes(message, 'message')), pubkey: signer() }
        const { signature } = await sign('solana_signMessage', params)
        return { signature: decoded(decodeBase58(signature)) }
      }),
    signTransaction: (transaction) =>
      call(async () => {
        signer()
        const params = { transaction: bytesToBase64(bytes(transaction, 'transaction')) }
        const result = await sign('solana_signTransaction', params)
        return decoded(base64ToBytes(result.transaction))
      }),
    signAllTransactions: (transactions) =>
      call(async () => {
        signer()
        if (!Array.isArray(transactions)) {
          throw new ProviderRpcError(-32602, 'Invalid params: transactions must be an array of Uint8Array')
        }
        const params = { transactions: transactions.map((t) => bytesToBase64(bytes(t, 'transaction'))) }
        const result = await sign('solana_signAllTransactions', params)
        return result.transactions.map((t) => decoded(base64ToBytes(t)))
      }),
    signAndSendTransaction: (transaction, options) =>
      call(async () => {
        signer()
        const params = {
          transaction: bytesToBase64(bytes(transaction, 'transaction')),
          ...(options ? { sendOptions: options } : {}),
        }
        return { signature: (await sign('solana_signAndSendTransaction', params)).signature }
      }),
    on(event, handler) {
      const set = listeners.get(event) ?? new Set<Handler>()
      listeners.set(event, set)
      set.add(handler as Handler)
      return provider
    },
    removeListener(event, handler) {
      listeners.get(event)?.delete(handler as Handler)
      return provider
    },
  }
  return provider
}
