import type { WalletAddresses } from '@modalkit/protocol'
import type { AuthApiClient } from '../api/createAuthApiClient.ts'
import type { BitcoinAccount } from '../keys/bitcoin/bitcoinKey.ts'
import type { DeviceShareStore } from '../keys/createDeviceShareStore.ts'
import type { RequestDescription } from '../keys/RequestDescription.ts'
import { createWalletCalls } from './calls/createWalletCalls.ts'
import { decodeShare } from './encodeShare.ts'
import type { SessionStore } from './SessionStore.ts'
import { type PreparedTransaction, prepareTransaction } from './transactions/prepareTransaction.ts'
import { sendPreparedTransaction } from './transactions/sendPreparedTransaction.ts'
import type { WalletRequest, WalletRpc } from './WalletRequest.ts'
import { RequestInFlightError, WalletStateError } from './walletErrors.ts'
import { withCheckedSeed } from './withCheckedSeed.ts'

/** Solana requests whose accounts may sit behind address lookup tables, resolved before the approval. */
const SOLANA_TRANSACTION_METHODS: ReadonlySet<string> = new Set([
  'solana_signTransaction',
  'solana_signAndSendTransaction',
  'solana_signAllTransactions',
])

export type WalletSigningParameters = {
  api: AuthApiClient
  deviceStore: DeviceShareStore
  sessionStore: SessionStore
  rpc: WalletRpc
  /** The logged-in user and their addresses; NotConnectedError naming `what` while there is none. */
  requireWallet(what: string): { user: { userId: string }; addresses: WalletAddresses }
  /** The Solana address while a wallet is open. */
  solanaAddress(): string | undefined
}

/**
 * The embedded wallet's keys at work: what the approval screen shows, and the signatures and sends
 * after the user approved. One request at a time; the seed is rebuilt for each call and wiped.
 */
export function createWalletSigning({
  api,
  deviceStore,
  sessionStore,
  rpc,
  requireWallet,
  solanaAddress,
}: WalletSigningParameters) {
  let inFlight = false
  /** Bitcoin accounts derived so far (public data), per user and network: derived once each. */
  const bitcoinAccounts = new Map<string, BitcoinAccount>()

  /** The seed for one call: the API's auth share with this device's, checked against the account. */
  const withWalletSeed = async <T>(fn: (seed: Uint8Array) => T): Promise<T> => {
    const current = requireWallet('sign')
    const stored = await api.getShare()
    const deviceShare = await deviceStore.load(current.user.userId)
    if (!deviceShare) throw new WalletStateError('no device share on this device')
    return withCheckedSeed([deviceShare, decodeShare(stored.share)], current.addresses, fn)
  }

  return {
    /**
     * The EOA that owns the smart account. `signDigest` rebuilds the seed for that one
     * signature; the router reaches it only through an operation or a message the user approved here.
     */
    smartAccountOwner(): {
      address: string
      signDigest(digest: string): Promise<string>
      authorization(): string | undefined
    } {
      const { addresses: current } = requireWallet('smart account')
      return {
        address: current.eip155,
        authorization: () => api.authorization(),
        async signDigest(digest) {
          const { signEvmDigest } = await import('../keys/signEvmDigest.ts')
          return withWalletSeed((seed) => signEvmDigest(seed, digest).signature.serialized)
        },
      }
    },

    /** EIP-5792 batch calls: capabilities, status, and batches sent only after an approval here. */
    calls: createWalletCalls({
      account: () => requireWallet('wallet calls').addresses.eip155,
      rpc,
      withWalletSeed,
      sessionStore,
    }),

    /**
     * eth_sendTransaction: checked and filled (nonce, gas, fees) before the approval, which shows the
     * filled transaction; `send` (after the user approved it, and only then) signs exactly that.
     */
    transactions: {
      prepare(request: WalletRequest, siteNetworkName?: string): Promise<PreparedTransaction> {
        const account = requireWallet('send transaction').addresses.eip155
        return prepareTransaction({ request, account, rpc, siteNetworkName })
      },
      async send(prepared: PreparedTransaction, signal?: AbortSignal): Promise<string> {
        if (inFlight) throw new RequestInFlightError('eth_sendTransaction')
        inFlight = true
        try {
          requireWallet('send transaction')
          return await sendPreparedTransaction({ prepared, rpc, withWalletSeed, signal })
        } finally {
          inFlight = false
        }
      },
    },

    /**
     * The BIP-84 Bitcoin account of the request's network (mainnet or a test network),
     * derived from the seed the first time it is needed; the Bitcoin code loads with it.
     */
    async bitcoinAccount(request: WalletRequest): Promise<BitcoinAccount> {
      const { userId } = requireWallet('bitcoin account').user
      const bitcoin = await import('./bitcoin/bitcoinRequests.ts')
      const chain = bitcoin.bitcoinChainOf(request)
      const key = `${userId} ${chain}`
      const known = bitcoinAccounts.get(key)
      if (known) return known
      const account = await withWalletSeed((seed) => bitcoin.deriveBitcoinAccount(seed, chain))
      bitcoinAccounts.set(key, account)
      return account
    },

    /** What the approval screen shows for `request` (plain text fields, from the same parsers as signing). */
    async describe(request: WalletRequest): Promise<RequestDescription> {
      const { describeRequest } = await import('../keys/describeRequest.ts')
      return describeRequest(request.method, request.params)
    },

    /**
     * As `describe`, and what needs the chain: typed-data permits in words (token symbol and decimals
     * read by RPC), Solana accounts behind address lookup tables resolved.
     */
    async describeForApproval(request: WalletRequest): Promise<RequestDescription> {
      // Loaded with the first request that needs them (Solana's library with a Solana request only),
      // so logging in loads none of the describers.
      if (request.method === 'eth_signTypedData_v4') {
        const { describeTypedDataRequest } = await import('./describeTypedDataRequest.ts')
        return describeTypedDataRequest(request, rpc)
      }
      if (request.chainNamespace === 'bip122') {
        const { describeBitcoinRequest } = await import('./bitcoin/bitcoinRequests.ts')
        return describeBitcoinRequest(request, await this.bitcoinAccount(request))
      }
      if (SOLANA_TRANSACTION_METHODS.has(request.method)) {
        const { describeSolanaRequest } = await import('./describeSolanaRequest.ts')
        return describeSolanaRequest(request, rpc, solanaAddress())
      }
      return this.describe(request)
    },

    /**
     * Performs an unsafe request and returns its JSON-RPC result. Call it ONLY after the user approved
     * exactly this request in the frame's own approval screen (SECURITY.md): this function does not
     * ask anyone. One request at a time: a second while one is in flight gets RequestInFlightError.
     * The seed is rebuilt for this call only, checked against the account, and wiped.
     */
    async sign(request: WalletRequest, signal?: AbortSignal): Promise<unknown> {
      if (inFlight) throw new RequestInFlightError(request.method)
      inFlight = true
      try {
        const current = requireWallet('sign')
        if (request.chainNamespace === 'bip122') {
          const { signBitcoinRequest } = await import('./bitcoin/bitcoinRequests.ts')
          const account = await this.bitcoinAccount(request)
          return await signBitcoinRequest({ request, account, withWalletSeed, signal })
        }
        const { signRequest } = await import('./signRequest.ts')
        return await signRequest({ request, addresses: current.addresses, rpc, withWalletSeed, signal })
      } finally {
        inFlight = false
      }
    },
  }
}
