import { FailedToConnectError, NotConnectedError, SignClientNotInitializedError } from '@modalkit/protocol'
import { PAIRING_EXPIRY_MARGIN_MS, PAIRING_EXPIRY_MS, STORAGE_PREFIX } from '@modalkit/shared'
import { toForeignError } from '../../errors/toForeignError.ts'
import type { ProposalNamespace } from './buildNamespaces.ts'
import { createLocalStorageStore } from './createLocalStorageStore.ts'
import type { SessionNamespaces } from './sessionAccounts.ts'
import { readSessionMark, writeSessionMark } from './sessionMark.ts'

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

/** The sign client's relayer, for its errors (the socket closed by the relay). */
type RelayerEvents = { on(event: 'relayer_error', listener: (error: unknown) => void): void }

export type WalletConnectConfig = {
  projectId: string
  relayUrl: string
  /** Read when the code loads (after the site's init): the dapp metadata the wallet shows. */
  metadata: () => { name: string; description: string; url: string; icons: string[] }
  /** Where sessions are kept: the modal origin's localStorage (or its in-memory stand-in). */
  storage?: Storage | undefined
  /** How long a pairing URI lives: SPEC §9's 4 minutes; tests shorten it to watch a refresh. */
  pairingExpiryMs?: number | undefined
}

export type WalletConnectEvents = {
  /** A session was approved, restored or updated: its namespaces. */
  session(namespaces: SessionNamespaces): void
  /** The wallet or the relay ended the session. */
  disconnected(): void
  /** The wallet moved to another chain (CAIP-2 id). */
  chainChanged(caipNetworkId: string): void
}

/** The modal origin's localStorage, or none where there is none (Node) or it is blocked. */
function originStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage
  } catch {
    return undefined
  }
}

/**
 * The WalletConnect v2 connector: the universal provider, loaded on first use (its code is a chunk of
 * its own), pairing by URI with the SPEC §9 expiry (4 minutes, a fresh URI 10 s before), requests to
 * the paired wallet over the relay, and the wallet's session events.
 */
export function createWalletConnectClient(config: WalletConnectConfig, now: () => number = Date.now) {
  const storage = config.storage ?? originStorage()
  const expiryMs = config.pairingExpiryMs ?? PAIRING_EXPIRY_MS
  const markSession = (on: boolean) => writeSessionMark(storage, on)
  let events: WalletConnectEvents = { session() {}, disconnected() {}, chainChanged() {} }
  let provider: Promise<UniversalProvider> | undefined
  let attempt = 0
  /** Ends the pending attempt's wait (cancel), so neither its promise nor its listener lingers. */
  let leaveAttempt: (() => void) | undefined
  /** Ends the pending attempt with the relay's refusal (a JWT from a clock far off, an unknown key). */
  let failAttempt: ((error: unknown) => void) | undefined

  const load = (): Promise<UniversalProvider> => {
    provider ??= import('@walletconnect/universal-provider').then(async ({ UniversalProvider: Provider }) => {
      const metadata = config.metadata()
      const instance = (await Provider.init({
        projectId: config.projectId,
        relayUrl: config.relayUrl,
        // A copy: the SDK rewrites the `url` of the object it is given.
        metadata: { ...metadata },
        logger: 'silent',
        telemetryEnabled: false,
        storage: createLocalStorageStore(`${STORAGE_PREFIX}wc:`, storage),
      }).catch((error: unknown) => {
        // SPEC §8: nothing can be paired or sent until the sign client exists; the next call tries again.
        throw new SignClientNotInitializedError(error instanceof Error ? error.message : undefined)
      })) as unknown as UniversalProvider
      // The SDK replaces a `url` naming another host than the page it runs in (the modal's frame)
      // with that page's; proposals carry the client's metadata, so the site's verified origin is
      // put back here for the wallet to show (from our own copy, which the SDK did not touch).
      const client = (instance as { client?: { metadata?: { url: string } } }).client
      if (client?.metadata) client.metadata.url = metadata.url
      // The relay closes a socket it refuses with code 3000 and its reason (SPEC §8 'JWT validation
      // error: …', 'Unauthorized: invalid key'): the SDK only reports it as a relayer error, and would
      // leave the attempt waiting for a pairing that cannot come.
      const relayer = (client as { core?: { relayer?: RelayerEvents } } | undefined)?.core?.relayer
      relayer?.on('relayer_error', (error: unknown) => failAttempt?.(error))
      instance.on('session_delete', () => {
        markSession(false)
        events.disconnected()
      })
      instance.on('session_expire', () => {
        markSession(false)
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
      if (!readSessionMark(storage)) return undefined
      const instance = await load()
      if (!instance.session) {
        markSession(false)
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
      leaveAttempt?.()
      const mine = ++attempt
      // Each proposal is a round with its own URI. A new round stops listening on the older pairings
      // (the provider unsubscribes them), so only the newest round's failure ends the attempt; an
      // approval of any round connects.
      let round = 0
      let timer: ReturnType<typeof setTimeout> | undefined
      const onDisplayUri = ((uri: string) => {
        if (mine !== attempt) return
        onUri(uri, now() + expiryMs)
      }) as (payload: never) => void
      instance.on('display_uri', onDisplayUri)
      try {
        const session = await new Promise<{ topic: string; namespaces: SessionNamespaces } | undefined>(
          (resolve, reject) => {
            leaveAttempt = () => reject(new FailedToConnectError('the attempt was left'))
            failAttempt = reject
            const propose = () => {
              const current = ++round
              clearTimeout(timer)
              // SPEC §4: a pairing counts as expired within 10 s of its expiry: propose again.
              timer = setTimeout(
                () => {
                  if (mine === attempt) propose()
                },
                Math.max(expiryMs - PAIRING_EXPIRY_MARGIN_MS, expiryMs / 2),
              )
              instance.connect({ optionalNamespaces: namespaces }).then(resolve, (error: unknown) => {
                if (current === round) reject(error)
              })
            }
            propose()
          },
        )
        if (!session) throw new FailedToConnectError('the wallet returned no session')
        markSession(true)
        return session.namespaces
      } catch (error) {
        throw toForeignError(error, 'connect')
      } finally {
        leaveAttempt = undefined
        failAttempt = undefined
        clearTimeout(timer)
        ;(instance as unknown as { off(e: string, l: unknown): void }).off('display_uri', onDisplayUri)
      }
    },

    /** Stops showing URIs for the current attempt (the view was left). */
    cancel(): void {
      attempt++
      leaveAttempt?.()
    },

    /** Sends a request to the paired wallet on `chain` (CAIP-2). */
    async request(method: string, params: unknown, chain: string): Promise<unknown> {
      const instance = await load()
      if (!instance.session) throw new NotConnectedError('no WalletConnect session')
      try {
        return await instance.request({ method, params }, chain)
      } catch (error) {
        throw toForeignError(error, 'request')
      }
    },

    async disconnect(): Promise<void> {
      markSession(false)
      if (!provider) return
      const instance = await provider
      if (instance.session) await instance.disconnect().catch(() => {})
    },
  }
}

export type WalletConnectClient = ReturnType<typeof createWalletConnectClient>
