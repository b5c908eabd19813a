import {
  type HostSnapshot,
  NotConnectedError,
  parseSolanaSignResult,
  type SolanaSignMethod,
  type SolanaSignResult,
} from '@modalkit/protocol'
import { base64ToBytes, bytesToBase64, decodeBase58, encodeBase58 } from '@modalkit/shared'
import type { PublicKey } from '@solana/web3.js'
import type { SolanaClasses } from './loadSolanaClasses.ts'
import { ProviderRpcError } from './ProviderRpcError.ts'
import { createProviderListeners, whenReady } from './providerListeners.ts'
import { solanaProviderEvents, solanaPublicKey } from './solanaProviderEvents.ts'
import { asInputShape, type SolanaTransactionInput, transactionBytes } from './solanaTransactions.ts'
import type { Store } from './store.ts'
import { waitForConnection } from './waitForConnection.ts'

/** Send options a Solana wallet passes to the cluster with `signAndSendTransaction`. */
export type SolanaSendOptions = {
  skipPreflight?: boolean
  preflightCommitment?: 'processed' | 'confirmed' | 'finalized'
  maxRetries?: number
}

/** What `sendTransaction` needs of the page's `Connection` (@solana/web3.js). */
export type SolanaConnectionLike = {
  sendRawTransaction(bytes: Uint8Array, options?: SolanaSendOptions): Promise<string>
}

/**
 * The Solana provider the host page gets from `getProvider('solana')`, in the shapes of Reown
 * AppKit's Solana adapter: `publicKey` a @solana/web3.js `PublicKey`; `Transaction` and
 * `VersionedTransaction` objects in and out (the page's own classes, or serialized bytes in and out);
 * `signMessage` answering the signature bytes; signatures of sent transactions as base58 strings.
 */
export type SolanaProvider = {
  /** The connected account's public key, or undefined (also while its class is still loading). */
  readonly publicKey: PublicKey | undefined
  readonly isConnected: boolean
  /** Opens the modal unless a Solana account is connected; resolves with its address (base58). */
  connect(): Promise<string>
  disconnect(): Promise<void>
  /** The 64-byte ed25519 signature of `message`. */
  signMessage(message: Uint8Array): Promise<Uint8Array>
  signTransaction<T extends SolanaTransactionInput>(transaction: T): Promise<T>
  signAllTransactions<T extends SolanaTransactionInput>(transactions: T[]): Promise<T[]>
  /** The wallet signs and sends it; resolves with the transaction's signature (base58). */
  signAndSendTransaction(transaction: SolanaTransactionInput, options?: SolanaSendOptions): Promise<string>
  /** The wallet signs it, the page's `connection` sends it; resolves with its signature (base58). */
  sendTransaction(
    transaction: SolanaTransactionInput,
    connection: SolanaConnectionLike,
    options?: SolanaSendOptions,
  ): Promise<string>
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
  /** @solana/web3.js's PublicKey, loaded once a Solana account is connected (loadSolanaClasses.ts). */
  classes(): Promise<SolanaClasses>
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
  const listeners = createProviderListeners('solana')
  let previous = store.get()
  let classes: SolanaClasses | undefined
  // Events go out in order, each once the PublicKey class is there for its payload.
  let emitting: Promise<void> = Promise.resolve()

  const loadClasses = async (): Promise<SolanaClasses> => {
    classes ??= await backend.classes()
    return classes
  }
  const emit = (event: string, payload: unknown) => {
    listeners.emit(event, payload)
  }
  const onState = (next: HostSnapshot) => {
    const events = solanaProviderEvents(previous, next)
    previous = next
    if (events.length === 0) return
    emitting = emitting.then(async () => {
      for (const [event, key] of events) {
        try {
          emit(event, key === undefined ? undefined : new (await loadClasses()).PublicKey(key))
        } catch (error) {
          console.error(`[appkit] solana ${event}: could not load the PublicKey class`, error)
        }
      }
    })
  }
  store.subscribe(onState)
  if (solanaPublicKey(previous)) void loadClasses().catch(() => {})

  const call = whenReady(() => backend.ready())

  const signer = (): string => {
    const key = solanaPublicKey(store.get())
    if (!key) throw new NotConnectedError('no Solana account is connected')
    return key
  }

  /** One request through the modal, its answer parsed by the method's protocol schema. */
  const sign = async <M extends SolanaSignMethod>(method: M, params: unknown): Promise<SolanaSignResult<M>> =>
    parseSolanaSignResult(method, await backend.forward(method, params))

  const signOne = async <T extends SolanaTransactionInput>(transaction: T): Promise<T> => {
    signer()
    const params = { transaction: bytesToBase64(transactionBytes(transaction)) }
    const result = await sign('solana_signTransaction', params)
    return asInputShape(transaction, decoded(base64ToBytes(result.transaction)))
  }

  const provider: SolanaProvider = {
    get publicKey() {
      const key = solanaPublicKey(store.get())
      if (!key) return undefined
      if (!classes) {
        void loadClasses().catch(() => {})
        return undefined
      }
      return new classes.PublicKey(key)
    },
    get isConnected() {
      return solanaPublicKey(store.get()) !== null
    },
    connect: () =>
      call(async () => {
        const address = await waitForConnection(store, backend.open, (s) => solanaPublicKey(s) ?? undefined)
        // From here on `publicKey` answers at once.
        await loadClasses()
        return address
      }),
    disconnect: () => call(() => backend.disconnect()),
    signMessage: (message) =>
      call(async () => {
        const params = { message: encodeBase58(bytes(message, 'message')), pubkey: signer() }
        const { signature } = await sign('solana_signMessage', params)
        return decoded(decodeBase58(signature))
      }),
    signTransaction: (transaction) => call(() => signOne(transaction)),
    signAllTransactions: (transactions) =>
      call(async () => {
        signer()
        if (!Array.isArray(transactions)) {
          throw new ProviderRpcError(-32602, 'Invalid params: transactions must be an array')
        }
        const params = { transactions: transactions.map((t) => bytesToBase64(transactionBytes(t))) }
        const result = await sign('solana_signAllTransactions', params)
        if (result.transactions.length !== transactions.length)
          throw new ProviderRpcError(-32603, 'Internal error')
        return result.transactions.map((t, i) => asInputShape(transactions[i]!, decoded(base64ToBytes(t))))
      }),
    signAndSendTransaction: (transaction, options) =>
      call(async () => {
        signer()
        const params = {
          transaction: bytesToBase64(transactionBytes(transaction)),
          ...(options ? { sendOptions: options } : {}),
        }
        return (await sign('solana_signAndSendTransaction', params)).signature
      }),
    async sendTransaction(transaction, connection, options) {
      if (typeof connection?.sendRawTransaction !== 'function') {
        throw new ProviderRpcError(-32602, 'Invalid params: connection must be a @solana/web3.js Connection')
      }
      const signed = await provider.signTransaction(transactionBytes(transaction))
      // The page's own connection sends it: its errors (preflight, blockhash) reach the page unchanged.
      return connection.sendRawTransaction(signed, options)
    },
    on(event, handler) {
      listeners.add(event, handler)
      return provider
    },
    removeListener(event, handler) {
      listeners.remove(event, handler)
      return provider
    },
  }
  return provider
}
