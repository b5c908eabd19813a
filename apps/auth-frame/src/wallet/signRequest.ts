import {
  classifyRequest,
  parseWith,
  personalSignParamsSchema,
  RequestAbortedError,
  RpcNotAllowedError,
  ServerError,
  signTypedDataV4ParamsSchema,
  solanaSignAllTransactionsParamsSchema,
  solanaSignMessageParamsSchema,
  solanaSignTransactionParamsSchema,
  UnsupportedMethodError,
  type WalletAddresses,
} from '@modalkit/protocol'
import { PublicKey } from '@solana/web3.js'
import { encodeBase58 } from 'ethers'
import { base58ToBytes } from '../keys/base58ToBytes.ts'
import { AccountMismatchError } from '../keys/keyErrors.ts'
import { signAllSolanaTransactions } from '../keys/signAllSolanaTransactions.ts'
import { signPersonalMessage } from '../keys/signPersonalMessage.ts'
import { signSolanaMessage } from '../keys/signSolanaMessage.ts'
import { signSolanaTransaction } from '../keys/signSolanaTransaction.ts'
import { signTypedDataV4 } from '../keys/signTypedDataV4.ts'
import { toRequestChain } from './toRequestChain.ts'
import type { WalletRequest, WalletRpc } from './WalletRequest.ts'

export type SignRequestParameters = {
  request: WalletRequest
  addresses: WalletAddresses
  rpc: WalletRpc
  /** Runs `fn` with the wallet's seed, rebuilt and checked for this one call, then wiped. */
  withWalletSeed: <T>(fn: (seed: Uint8Array) => T) => Promise<T>
  signal?: AbortSignal | undefined
}

const NAMESPACE_OF: Record<string, 'eip155' | 'solana'> = {
  personal_sign: 'eip155',
  eth_signTypedData_v4: 'eip155',
  eth_sendTransaction: 'eip155',
  solana_signMessage: 'solana',
  solana_signTransaction: 'solana',
  solana_signAllTransactions: 'solana',
  solana_signAndSendTransaction: 'solana',
}

function assertEvmAccount(requested: string, addresses: WalletAddresses): void {
  if (requested.toLowerCase() !== addresses.eip155.toLowerCase()) throw new AccountMismatchError(requested)
}

/**
 * Performs one approved unsafe request and returns its JSON-RPC result: a signature (0x-hex for EVM,
 * base58 for Solana), a Solana signature after sending, or signed transactions. Everything that
 * needs no key (param checks, the signer check) happens before the seed is rebuilt; sending happens
 * after it is wiped. eth_sendTransaction is not here: it is prepared (filled) before its approval. An aborted signal stops it before the seed is rebuilt and before
 * anything is sent (RequestAbortedError, SPEC §8 'Request was aborted').
 */
export async function signRequest({
  request,
  addresses,
  rpc,
  withWalletSeed,
  signal,
}: SignRequestParameters): Promise<unknown> {
  const { method, params } = request
  if (classifyRequest(method) !== 'unsafe') throw new RpcNotAllowedError(method)
  const namespace = NAMESPACE_OF[method]
  if (!namespace) throw new UnsupportedMethodError(method)
  if (request.chainNamespace !== namespace) throw new UnsupportedMethodError(method)
  const chain = toRequestChain(request)
  const checkAbort = () => {
    if (signal?.aborted) throw new RequestAbortedError()
  }

  if (chain.namespace === 'eip155') {
    switch (method) {
      case 'personal_sign': {
        const [message, address] = parseWith(personalSignParamsSchema, params, 'personal_sign params')
        assertEvmAccount(address, addresses)
        checkAbort()
        return withWalletSeed((seed) => signPersonalMessage(seed, message))
      }
      case 'eth_signTypedData_v4': {
        const [address, typed] = parseWith(signTypedDataV4ParamsSchema, params, `${method} params`)
        assertEvmAccount(address, addresses)
        checkAbort()
        return withWalletSeed((seed) => signTypedDataV4(seed, typed, chain.chainId))
      }
      default:
        // eth_sendTransaction is filled BEFORE its approval and signed as shown, never refilled
        // here: wallet.transactions.prepare, then .send.
        throw new UnsupportedMethodError(method)
    }
  }

  switch (method) {
    case 'solana_signMessage': {
      const { message, pubkey } = parseWith(solanaSignMessageParamsSchema, params, `${method} params`)
      const signer = new PublicKey(base58ToBytes(pubkey, 'Solana account')).toBase58()
      if (signer !== addresses.solana) throw new AccountMismatchError(signer)
      const bytes = base58ToBytes(message, 'Solana message')
      checkAbort()
      return { signature: encodeBase58(await withWalletSeed((seed) => signSolanaMessage(seed, bytes))) }
    }
    case 'solana_signTransaction': {
      const input = parseTransactionParams(params, method)
      checkAbort()
      return withWalletSeed((seed) => signSolanaTransaction(seed, input))
    }
    case 'solana_signAllTransactions': {
      const input = parseWith(solanaSignAllTransactionsParamsSchema, params, `${method} params`)
      checkAbort()
      const signed = await withWalletSeed((seed) => signAllSolanaTransactions(seed, input))
      return { transactions: signed.map((one) => one.transaction) }
    }
    default: {
      const input = parseTransactionParams(params, method)
      checkAbort()
      const { transaction } = await withWalletSeed((seed) => signSolanaTransaction(seed, input))
      checkAbort()
      const signature = await rpc(chain.caipNetworkId, 'sendTransaction', [
        transaction,
        { encoding: 'base64', ...sendOptions(input.sendOptions) },
      ])
      if (typeof signature !== 'string' || !/^[1-9A-HJ-NP-Za-km-z]{64,88}$/.test(signature)) {
        throw new ServerError('sendTransaction: unexpected reply')
      }
      return { signature }
    }
  }
}

const parseTransactionParams = (params: unknown, method: string) =>
  parseWith(solanaSignTransactionParamsSchema, params, `${method} params`)

/** Only the send options a node knows, with their types; the rest of a dapp's object is dropped. */
function sendOptions(options: Record<string, unknown> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  if (typeof options?.skipPreflight === 'boolean') out.skipPreflight = options.skipPreflight
  if (typeof options?.maxRetries === 'number') out.maxRetries = options.maxRetries
  const commitment = options?.preflightCommitment
  if (commitment === 'processed' || commitment === 'confirmed' || commitment === 'finalized') {
    out.preflightCommitment = commitment
  }
  return out
}
