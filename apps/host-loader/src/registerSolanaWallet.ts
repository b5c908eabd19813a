import type { HostSnapshot } from '@modalkit/protocol'
import { decodeBase58 } from '@modalkit/shared'
import { PROVIDER_ICON, PROVIDER_INFO_NAME } from './announceProvider.ts'
import type { SolanaProvider } from './createSolanaProvider.ts'
import { solanaPublicKey } from './solanaProviderEvents.ts'
import type { Store } from './store.ts'

/** The Wallet Standard's chain ids for Solana clusters (`@solana/wallet-standard-chains`). */
const CHAINS = ['solana:mainnet', 'solana:devnet', 'solana:testnet', 'solana:localnet'] as const
const ACCOUNT_FEATURES = [
  'solana:signMessage',
  'solana:signTransaction',
  'solana:signAndSendTransaction',
] as const

type Account = {
  readonly address: string
  readonly publicKey: Uint8Array
  readonly chains: readonly string[]
  readonly features: readonly string[]
}
type Input = { account: Account }
type ChangeListener = (properties: { accounts?: readonly Account[] }) => void
type SendOptions = {
  skipPreflight?: boolean
  preflightCommitment?: 'processed' | 'confirmed' | 'finalized'
  maxRetries?: number
}

function toAccount(address: string): Account {
  return Object.freeze({
    address,
    publicKey: decodeBase58(address) ?? new Uint8Array(),
    chains: CHAINS,
    features: ACCOUNT_FEATURES,
  })
}

/** The Wallet Standard's register protocol (`@wallet-standard/wallet`'s registerWallet), by its events. */
function register(wallet: object): void {
  const callback = ({ register }: { register(wallet: object): unknown }) => register(wallet)
  try {
    window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }))
  } catch (error) {
    console.error('[appkit] wallet-standard:register-wallet event could not be dispatched', error)
  }
  window.addEventListener('wallet-standard:app-ready', (event) => {
    const api: unknown = (event as CustomEvent<unknown>).detail
    if (typeof api === 'object' && api !== null && typeof Reflect.get(api, 'register') === 'function')
      callback(api as { register(wallet: object): unknown })
  })
}

/**
 * Registers the Solana provider as a Wallet Standard wallet (Solana's discovery, as EIP-6963 is
 * for EVM), so `@solana/wallet-adapter` and dapps that list standard wallets find it. Its account is
 * the connected Solana account; signing goes through the same provider as `getProvider('solana')`.
 */
export function registerSolanaWallet(store: Store<HostSnapshot>, provider: SolanaProvider): void {
  const accounts = (): readonly Account[] => {
    const key = solanaPublicKey(store.get())
    return key ? [toAccount(key)] : []
  }
  const listeners = new Set<ChangeListener>()
  let last = solanaPublicKey(store.get())
  store.subscribe((next) => {
    const key = solanaPublicKey(next)
    if (key === last) return
    last = key
    for (const listener of [...listeners]) listener({ accounts: accounts() })
  })

  const wallet = {
    version: '1.0.0' as const,
    name: PROVIDER_INFO_NAME,
    icon: PROVIDER_ICON,
    chains: CHAINS,
    get accounts() {
      return accounts()
    },
    features: {
      'standard:connect': {
        version: '1.0.0',
        async connect(input?: { silent?: boolean }) {
          if (!input?.silent && accounts().length === 0) await provider.connect()
          return { accounts: accounts() }
        },
      },
      'standard:disconnect': { version: '1.0.0', disconnect: () => provider.disconnect() },
      'standard:events': {
        version: '1.0.0',
        on(event: string, listener: ChangeListener) {
          if (event !== 'change') return () => {}
          listeners.add(listener)
          return () => listeners.delete(listener)
        },
      },
      'solana:signMessage': {
        version: '1.1.0',
        async signMessage(...inputs: (Input & { message: Uint8Array })[]) {
          // One approval after the other: the wallet shows one request at a time.
          const outputs = []
          for (const { message } of inputs) {
            const signature = await provider.signMessage(message)
            outputs.push({ signedMessage: message, signature, signatureType: 'ed25519' as const })
          }
          return outputs
        },
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0] as const,
        async signTransaction(...inputs: (Input & { transaction: Uint8Array })[]) {
          const signed = await provider.signAllTransactions(inputs.map((i) => i.transaction))
          return signed.map((signedTransaction) => ({ signedTransaction }))
        },
      },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0] as const,
        signAndSendTransaction: (
          ...inputs: (Input & { transaction: Uint8Array; options?: SendOptions & { commitment?: string } })[]
        ) => {
          const sendOne = async ({ transaction, options }: (typeof inputs)[number]) => {
            const { skipPreflight, preflightCommitment, maxRetries } = options ?? {}
            const sendOptions = Object.fromEntries(
              Object.entries({ skipPreflight, preflightCommitment, maxRetries }).filter(
                ([, v]) => v !== undefined,
              ),
            )
            const signature = await provider.signAndSendTransaction(transaction, sendOptions)
            return { signature: decodeBase58(signature) ?? new Uint8Array() }
          }
          return inputs.reduce<Promise<{ signature: Uint8Array }[]>>(
            async (done, input) => [...(await done), await sendOne(input)],
            Promise.resolve([]),
          )
        },
      },
    },
  }
  register(Object.freeze(wallet))
}
