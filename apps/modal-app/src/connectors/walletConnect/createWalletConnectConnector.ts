import {
  AppKitError,
  ConnectionRejectedError,
  FailedToConnectError,
  NotConnectedError,
  UnrecognizedChainError,
  UserRejectedRequestError,
} from '@modalkit/protocol'
import { PAIRING_EXPIRY_MARGIN_MS, PAIRING_EXPIRY_MS, STORAGE_PREFIX } from '@modalkit/shared'
import type { ProposalNamespace } from './buildNamespaces.ts'
import { createLocalStorageStore } from './createLocalStorageStore.ts'
import type { SessionNamespaces } from './sessionAccounts.ts'

/** Only the parts of `@walletconnect/universal-provider` this connector uses. */
type UniversalProvider = {
  session?: { topic: string; namespaces: SessionNamespaces } | undefined
  connect(params: {
    optionalNamespaces: Record<string, ProposalNamespace>
  }): Promise<{ topic: string; namespaces: SessionNamespaces } | undefined>
  request<T = unknown>(args: { method: string; params?: unknown }, chain?: string): Promise<T>
  disconnect(): Promise<void>
  on(event: string, listener: (payload: never) => void): void
}

export type WalletConnectConfig = {
  projectId: string
  relayUrl: string
  /** Read when the code loads (after the site's init): the dapp metadata the wallet shows. */
  metadata: () => { name: string; description: string; url: string; icons: string[] }
}

export type WalletConnectEvents = {
  /** A session was approved, restored or updated: its namespaces. */
  session(namespaces: SessionNamespaces): void
  /** The wallet or the relay ended the session. */
  disconnected(): void
  /** The wallet moved to another chain (CAIP-2 id). */
  chainChanged(caipNetworkId: string): void
}

/** Marks that a session may exist, so the (large) WalletConnect code loads at start only then. */
const SESSION_MARK = `${STORAGE_PREFIX}wc_session`

function readMark(): boolean {
  try {
    return localStorage.getItem(SESSION_MARK) === '1'
  } catch {
    return false
  }
}
function writeMark(on: boolean): void {
  try {
    if (on) localStorage.setItem(SESSION_MARK, '1')
    else localStorage.removeItem(SESSION_MARK)
  } catch {
    // Storage may be blocked in a third-party frame: the session then lasts for the page only.
  }
}

/** WalletConnect errors carry a code; 5000 (user rejected) and 4001 are the wallet saying no. */
function toAppKitError(error: unknown): AppKitError {
  if (error instanceof AppKitError) return error
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined
  const message = error instanceof Error ? error.message : String(error)
  if (code === 4001 || code === 5000 || /rejected/i.test(message)) return new ConnectionRejectedError(message)
  return new FailedToConnectError(message)
}

/** A wallet's answer to a request, as EIP-1193 errors the site understands. */
function toRequestError(error: unknown): AppKitError {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined
  const message = error instanceof Error ? error.message : String(error)
  if (code === 4001 || code === 5000 || /rejected/i.test(message))
    return new UserRejectedRequestError(message)
  if (code === 4902) return new UnrecognizedChainError(message)
  return new AppKitError({ code: 5000, shortMessage: message.slice(0, 200) || 'An error occurred' })
}

/**
 * The WalletConnect v2 connector: the universal provider, loaded on first use (its code is a chunk of
 * its own), pairing by URI with the SPEC §9 expiry (4 minutes, a fresh URI 10 s before), requests to
 * the paired wallet over the relay, and the wallet's session events.
 */
export function createWalletConnectConnector(config: WalletConnectConfig, now: () => number = Date.now) {
  let events: WalletConnectEvents = { session() {}, disconnected() {}, chainChanged() {} }
  let provider: Promise<UniversalProvider> | undefined
  let attempt = 0

  const load = (): Promise<UniversalProvider> => {
    provider ??= import('@walletconnect/universal-provider').then(async ({ UniversalProvider: Provider }) => {
      const instance = (await Provider.init({
        projectId: config.projectId,
        relayUrl: config.relayUrl,
        metadata: config.metadata(),
        logger: 'silent',
        telemetryEnabled: false,
        storage: createLocalStorageStore(`${STORAGE_PREFIX}wc:`),
      })) as unknown as UniversalProvider
      instance.on('session_delete', () => {
        writeMark(false)
        events.disconnected()
      })
      instance.on('session_expire', () => {
        writeMark(false)
        events.disconnected()
      })
      instance.on('session_update', ((update: { params?: { namespaces?: SessionNamespaces } }) => {
        if (update.params?.namespaces) events.session(update.params.namespaces)
      }) as (payload: never) => void)
      instance.on('session_event', ((event: { params?: { event?: { name?: string }; chainId?: string } }) => {
        const chainId = event.params?.chainId
        if (event.params?.event?.name === 'chainChanged' && chainId) events.chainChanged(chainId)
        else if (instance.session) events.session(instance.session.namespaces)
      }) as (payload: never) => void)
      return instance
    })
    provider.catch(() => {
      provider = undefined
    })
    return provider
  }

  return {
    /** Who hears the session's events (the controller). */
    setEvents(next: WalletConnectEvents): void {
      events = next
    },

    /** Loads the code ahead of need (SPEC §4: opening prefetches wallet data). */
    preload(): void {
      void load().catch(() => {})
    },

    /** Restores a session kept from an earlier visit; nothing is loaded when none was marked. */
    async restore(): Promise<SessionNamespaces | undefined> {
      if (!readMark()) return undefined
      const instance = await load()
      if (!instance.session) {
        writeMark(false)
        return undefined
      }
      return instance.session.namespaces
    },

    /**
     * Pairs with a wallet. `onUri` gets each pairing URI (a new one before the old expires) until a
     * wallet approves, the attempt is cancelled (a newer `connect` or `cancel`), or it fails.
     */
    async connect(
      namespaces: Record<string, ProposalNamespace>,
      onUri: (uri: string, expiresAt: number) => void,
    ): Promise<SessionNamespaces> {
      const instance = await load()
      const mine = ++attempt
      let timer: ReturnType<typeof setTimeout> | undefined
      const onDisplayUri = ((uri: string) => {
        if (mine !== attempt) return
        const expiresAt = now() + PAIRING_EXPIRY_MS
        onUri(uri, expiresAt)
        clearTimeout(timer)
        // SPEC §4: a pairing counts as expired within 10 s of its expiry: propose again with a new URI.
        timer = setTimeout(() => {
          if (mine === attempt) void instance.connect({ optionalNamespaces: namespaces }).catch(() => {})
        }, PAIRING_EXPIRY_MS - PAIRING_EXPIRY_MARGIN_MS)
      }) as (payload: never) => void
      instance.on('display_uri', onDisplayUri)
      try {
        const session = await instance.connect({ optionalNamespaces: namespaces })
        if (!session) throw new FailedToConnectError('the wallet returned no session')
        writeMark(true)
        return session.namespaces
      } catch (error) {
        throw toAppKitError(error)
      } finally {
        clearTimeout(timer)
        ;(instance as unknown as { off(e: string, l: unknown): void }).off('display_uri', onDisplayUri)
      }
    },

    /** Stops showing URIs for the current attempt (the view was left). */
    cancel(): void {
      attempt++
    },

    /** Sends a request to the paired wallet on `chain` (CAIP-2). */
    async request(method: string, params: unknown, chain: string): Promise<unknown> {
      const instance = await load()
      if (!instance.session) throw new NotConnectedError('no WalletConnect session')
      try {
        return await instance.request({ method, params }, chain)
      } catch (error) {
        throw toRequestError(error)
      }
    },

    async disconnect(): Promise<void> {
      writeMark(false)
      if (!provider) return
      const instance = await provider
      if (instance.session) await instance.disconnect().catch(() => {})
    },
  }
}

export type WalletConnectConnector = ReturnType<typeof createWalletConnectConnector>
