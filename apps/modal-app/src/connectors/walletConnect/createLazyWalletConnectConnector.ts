import { WALLET_CONNECT_CONNECTOR_ID } from '@modalkit/protocol'
import { laterMethods, loadOnce } from '../../chunks/loadLater.ts'
import type { ModalContext } from '../../state/ModalContext.ts'
import type { WalletConnectConnector } from './createWalletConnectConnector.ts'
import { readSessionMark } from './sessionMark.ts'
import {
  assertWalletConnectChain,
  describeWalletConnect,
  isWalletConnectConnected,
  loadRecentWallets,
} from './walletConnectBasics.ts'

/**
 * WalletConnect as the modal starts with it: the connector and its client are a chunk of
 * their own (the SDK another, larger one), loaded the first time one is needed: opening the modal
 * (SPEC §4 prefetch), pairing, or a session marked from an earlier visit to restore. What the core
 * asks synchronously it answers from the atoms as the connector does (walletConnectBasics.ts);
 * what needs a session (the methods it approved, cancelling a pairing) has none before the code.
 */
export function createLazyWalletConnectConnector(
  ctx: Pick<ModalContext, 'store' | 'storage'>,
  load: () => Promise<WalletConnectConnector>,
): WalletConnectConnector {
  const { store } = ctx
  const connector = loadOnce(load)
  loadRecentWallets(store, ctx.storage)
  /** Bumped by `cancel`: a pairing left before the code arrived is not started once it does. */
  let cancels = 0

  return {
    owns: (connectorId) => connectorId === WALLET_CONNECT_CONNECTOR_ID,
    isConnected: (namespace) => isWalletConnectConnected(store, namespace),
    describe: () => describeWalletConnect(store),
    assertChainApproved: (caipNetworkId) => assertWalletConnectChain(store, caipNetworkId),
    approvesMethod: (method) => connector.current()?.approvesMethod(method) ?? false,
    cancel(): void {
      cancels++
      connector.current()?.cancel()
    },
    async connect(): Promise<void> {
      const asked = cancels
      const loaded = await connector.get()
      if (asked === cancels) await loaded.connect()
    },
    preload(): void {
      void connector.get().then(
        (c) => c.preload(),
        () => {},
      )
    },
    async restore(): Promise<void> {
      if (readSessionMark(ctx.storage)) await (await connector.get()).restore()
    },
    ...laterMethods<Pick<WalletConnectConnector, 'request' | 'switchChain' | 'disconnect' | 'requestOn'>>(
      connector.get,
      { request: true, switchChain: true, disconnect: true, requestOn: true },
    ),
  }
}
