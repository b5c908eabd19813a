import type { CallsStatus, CapabilitiesResult } from '@modalkit/protocol'
import { UnsupportedMethodError } from '@modalkit/protocol'
import type { SessionStore } from '../SessionStore.ts'
import { toRequestChain } from '../toRequestChain.ts'
import type { WalletRequest, WalletRpc } from '../WalletRequest.ts'
import { createCallsStore } from './createCallsStore.ts'
import { getCallsStatus } from './getCallsStatus.ts'
import { getCapabilities } from './getCapabilities.ts'
import { type PreparedCalls, prepareCalls } from './prepareCalls.ts'
import { sendPreparedCalls } from './sendPreparedCalls.ts'

export type CreateWalletCallsParameters = {
  /** The logged-in wallet's EVM address (throws when nobody is logged in). */
  account(): string
  rpc: WalletRpc
  /** Runs `fn` with the wallet's seed, rebuilt and checked for this one call, then wiped. */
  withWalletSeed: <T>(fn: (seed: Uint8Array) => T) => Promise<T>
  /** The frame's session store: batches outlive a reload where the browser lets the frame store. */
  sessionStore: SessionStore
}

/**
 * The embedded wallet's EIP-5792 calls: capabilities and status are answered silently; a batch is
 * prepared (checked, filled, described) for the approval screen, then sent only after the user
 * approved it there (`send`, called by the frame's router and nobody else).
 */
export function createWalletCalls({
  account,
  rpc,
  withWalletSeed,
  sessionStore,
}: CreateWalletCallsParameters) {
  const store = createCallsStore(sessionStore)
  return {
    /** The batches sent, by id (a smart account's are kept here too). */
    store,
    getCapabilities(request: WalletRequest): CapabilitiesResult {
      const chain = toRequestChain(request)
      if (chain.namespace !== 'eip155') throw new UnsupportedMethodError(request.method)
      return getCapabilities({ params: request.params, account: account(), chainId: chain.chainId })
    },
    getStatus(request: WalletRequest): Promise<CallsStatus> {
      return getCallsStatus({ params: request.params, account: account(), rpc, store })
    },
    prepare(request: WalletRequest): Promise<PreparedCalls> {
      return prepareCalls({ request, account: account(), rpc, isKnownId: store.has })
    },
    send(prepared: PreparedCalls, signal?: AbortSignal): Promise<{ id: string }> {
      return sendPreparedCalls({ prepared, rpc, store, withWalletSeed, signal })
    },
  }
}

export type WalletCalls = ReturnType<typeof createWalletCalls>
