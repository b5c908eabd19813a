import {
  type AccountType,
  AppKitError,
  EMBEDDED_CONNECTOR_ID,
  ModalClosedError,
  type Namespace,
  SessionExpiredError,
  type SocialProvider,
  UnsupportedMethodError,
} from '@modalkit/protocol'
import { CONNECT_TIMEOUT_MS, DISCONNECT_TIMEOUT_MS, type Network, RPC_TIMEOUT_MS } from '@modalkit/shared'
import { accountsAtom, approvalAtom, historyAtom, openAtom } from '../../state/atoms.ts'
import { pushView } from '../../state/viewStack.ts'
import type { Connector } from '../Connector.ts'
import { connectFarcaster, type FarcasterLink } from './connectFarcaster.ts'
import { connectSocial } from './connectSocial.ts'
import { createEmailLogin } from './createEmailLogin.ts'
import { createEmbeddedSession } from './createEmbeddedSession.ts'
import type { EmbeddedContext } from './EmbeddedContext.ts'
import { describeEmbedded, hasKeptLogin, isEmbeddedConnected, wantsSecureFrame } from './embeddedBasics.ts'
import { EMBEDDED_KEYS, embeddedStorage } from './embeddedStorage.ts'
import { toRpcRequestPayload } from './toRpcRequestPayload.ts'
import { shareBitcoinAccount, stopSharingBitcoinAccount } from './withBitcoinAccount.ts'

/**
 * The embedded wallet from the modal's side (SPEC §4 e-mail and social login, §6 unsafe requests):
 * the modal asks, the secure frame logs in, holds the keys and shows every approval itself.
 */
export function createEmbeddedConnector(ctx: EmbeddedContext) {
  const { store } = ctx
  const storage = embeddedStorage(ctx.storage)
  const session = createEmbeddedSession(ctx, storage)

  const isConnected = (namespace?: Namespace) => isEmbeddedConnected(store, namespace)

  /**
   * An RPC request for the secure frame. Unsafe ones open ApproveTransaction, where the frame shows
   * the approval itself; the modal closes (or pops) when it is answered (SPEC §4).
   */
  const send = async (
    kind: 'safe' | 'unsafe',
    method: string,
    params: unknown,
    network: Network,
  ): Promise<unknown> => {
    const payload = toRpcRequestPayload(method, params, network, ctx.rpcUrl(network.caipNetworkId))
    if (kind === 'safe') return ctx.frame().request('RPC_REQUEST', payload, RPC_TIMEOUT_MS)
    const wasOpen = store.get(openAtom)
    store.set(historyAtom, (history) =>
      wasOpen ? pushView(history, 'ApproveTransaction') : ['ApproveTransaction'],
    )
    store.set(openAtom, true)
    if (!wasOpen) ctx.analytics.track('MODAL_OPEN', { connected: true })
    let answered = false
    try {
      const result = await ctx.frame().request('RPC_REQUEST', payload)
      answered = true
      return result
    } finally {
      store.set(approvalAtom, { open: false, height: 0 })
      if (answered) await Promise.all([ctx.refreshBalance?.(), session.afterSend()])
      const history = store.get(historyAtom)
      if (store.get(openAtom) && history.at(-1) === 'ApproveTransaction') {
        if (wasOpen && history.length > 1) store.set(historyAtom, history.slice(0, -1))
        else ctx.close()
      }
    }
  }

  /** The e-mail the embedded wallet logged in with, as stored (SPEC §3). */
  const email = () => storage.read(EMBEDDED_KEYS.email)

  const connector: Connector<string> = {
    owns: (connectorId) => connectorId === EMBEDDED_CONNECTOR_ID,
    isConnected,
    connect: (address) => emailLogin.connectEmail(address),
    async request({ namespace, method, params, network }) {
      if (!network) throw new UnsupportedMethodError(method)
      // Bitcoin's getAccountAddresses tells public data: the frame answers it without a screen.
      const silent = namespace === 'bip122' && method === 'getAccountAddresses'
      return send(silent ? 'safe' : 'unsafe', method, params, network)
    },
    // The frame signs for whichever chain each request names: nothing to switch, but a Bitcoin
    // address not yet shared with the site is asked for first.
    switchChain: async (network) => {
      if (network.chainNamespace !== 'bip122' || isConnected('bip122')) return
      await shareBitcoinAccount(ctx, network, () => send('unsafe', 'getAccountAddresses', {}, network))
    },

    /** SPEC §9: disconnect waits at most 3 s for the frame, then clears state anyway. */
    async disconnect(): Promise<void> {
      await Promise.race([
        ctx
          .frame()
          .request('SIGN_OUT', {})
          .catch(() => {}),
        new Promise((resolve) => setTimeout(resolve, DISCONNECT_TIMEOUT_MS)),
      ])
      storage.write(EMBEDDED_KEYS.email, undefined)
      storage.write(EMBEDDED_KEYS.socialProvider, undefined)
      storage.write(EMBEDDED_KEYS.loginUsed, undefined)
      store.set(accountsAtom, (accounts) =>
        accounts.map((a) =>
          a.connectorId === EMBEDDED_CONNECTOR_ID
            ? { namespace: a.namespace, status: 'disconnected' as const }
            : a,
        ),
      )
      ctx.events.emit('DISCONNECT_SUCCESS')
    },

    /**
     * Restores a login kept by the frame (SPEC §4: a failed check deletes the auth cache). A kept
     * login whose session the frame no longer has (expired, revoked) rejects with SPEC §8's
     * 'Session Expired', for the modal to say so; any other failure just starts logged out.
     */
    async restore(): Promise<void> {
      if (!hasKeptLogin(storage)) return
      try {
        await session.syncDapp()
        const { isConnected: connected } = await ctx.frame().request('IS_CONNECTED', {}, CONNECT_TIMEOUT_MS)
        if (!connected) throw new SessionExpiredError('the secure frame has no session')
        const user = await ctx.frame().request('GET_USER', {}, CONNECT_TIMEOUT_MS)
        session.applyUser(await session.settleAccountType(user))
      } catch (error) {
        // Nothing of the old login stays: a later login starts clean (its provider, its e-mail).
        storage.write(EMBEDDED_KEYS.email, undefined)
        storage.write(EMBEDDED_KEYS.socialProvider, undefined)
        storage.write(EMBEDDED_KEYS.loginUsed, undefined)
        if (error instanceof SessionExpiredError) throw error
      }
    },

    /** SPEC §4: opening loads the frame ahead of need when e-mail or socials are on. */
    preload(): void {
      if (wantsSecureFrame(store)) void ctx.frame().ready.catch(() => {})
    },

    describe: () => describeEmbedded(store, storage),

    async signInAtLogin(message) {
      try {
        const { signature } = await ctx.frame().request('SIWX_SIGN_AT_LOGIN', { message }, CONNECT_TIMEOUT_MS)
        return signature
      } catch (error) {
        if (error instanceof AppKitError && error.code === 'siwx_needs_approval') return undefined
        throw error
      }
    },
  }

  const emailLogin = createEmailLogin(ctx, session, storage)

  return {
    ...connector,
    ...emailLogin,
    email,
    /** A request for the frame as EIP-5792 routing picks it: reads silently, batches approved. */
    send,
    /** With the popup the caller opened in the click, or opened now. */
    connectSocial: (provider: SocialProvider, popup?: Window | null) =>
      connectSocial(ctx, session, provider, popup),
    connectFarcaster: (onLink: (link: FarcasterLink) => void) => connectFarcaster(ctx, session, onLink),
    /**
     * A new recovery text, shown and typed back in the secure frame. No timeout: the user
     * takes the time they need to save it.
     */
    async rotateRecovery(): Promise<void> {
      await ctx.frame().request('ROTATE_RECOVERY', {})
    },
    /** Account: the site no longer sees the Bitcoin address; it asks again to. */
    stopSharingBitcoin: (): Promise<void> => stopSharingBitcoinAccount(ctx),

    /** The Account view's switch between the EOA and the smart account. */
    switchAccountType: (type: AccountType) => session.switchAccountType(type),

    /** SPEC §4: closing with a request pending rejects it. */
    abortPending(): void {
      store.set(approvalAtom, { open: false, height: 0 })
      ctx.frame().abortRpc(new ModalClosedError())
    },
  }
}

export type EmbeddedConnector = ReturnType<typeof createEmbeddedConnector>
