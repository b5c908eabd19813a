import { EMBEDDED_CONNECTOR_ID } from '@modalkit/protocol'
import { laterMethods, loadOnce } from '../../chunks/loadLater.ts'
import type { ModalContext } from '../../state/ModalContext.ts'
import { readSmartAccountNetworks, smartAccountNetworksAtom } from '../../state/smartAccountNetworks.ts'
import type { EmbeddedConnector } from './createEmbeddedConnector.ts'
import { describeEmbedded, hasKeptLogin, isEmbeddedConnected, wantsSecureFrame } from './embeddedBasics.ts'
import { EMBEDDED_KEYS, embeddedStorage } from './embeddedStorage.ts'
import { openSocialPopup } from './socialPopup.ts'

/**
 * The connector's async methods, which the stand-in passes on once the code is here (restore and
 * connectSocial have their own rules).
 */
type Methods = Required<EmbeddedConnector>
type LaterMethods = Exclude<
  {
    [K in keyof Methods]: Methods[K] extends (...args: never[]) => Promise<unknown> ? K : never
  }[keyof Methods],
  'restore' | 'connectSocial'
>

/**
 * The embedded wallet as the modal starts with it: its logins, its session and the secure
 * frame's client are a chunk of their own, loaded the first time one is needed (a login, opening
 * with e-mail or socials on, a kept login to restore), not with the modal's first view. What the
 * core asks synchronously (whose account, connected, its name) it answers from the atoms and the
 * storage as the connector does (embeddedBasics.ts); every other call waits for the code, once.
 */
export function createLazyEmbeddedConnector(
  ctx: Pick<ModalContext, 'store' | 'storage'>,
  load: () => Promise<EmbeddedConnector>,
): EmbeddedConnector {
  const { store } = ctx
  const storage = embeddedStorage(ctx.storage)
  const connector = loadOnce(load)
  // SPEC §3: the smart-account networks kept from the frame's last answer, known before it answers
  // again on this page (the connector replaces them with that answer).
  store.set(smartAccountNetworksAtom, readSmartAccountNetworks(ctx.storage))

  return {
    owns: (connectorId) => connectorId === EMBEDDED_CONNECTOR_ID,
    isConnected: (namespace) => isEmbeddedConnected(store, namespace),
    describe: () => describeEmbedded(store, storage),
    email: () => storage.read(EMBEDDED_KEYS.email),
    preload(): void {
      if (wantsSecureFrame(store))
        void connector.get().then(
          (c) => c.preload(),
          () => {},
        )
    },
    // Nothing can be pending before the code that sends requests has loaded.
    abortPending: () => connector.current()?.abortPending(),
    async restore(): Promise<void> {
      if (hasKeptLogin(storage)) await (await connector.get()).restore()
    },
    // The popup opens in the click, before the code is awaited, or a popup blocker would stop it.
    async connectSocial(provider, popup = openSocialPopup()): Promise<void> {
      let loaded: EmbeddedConnector
      try {
        loaded = await connector.get()
      } catch (error) {
        popup?.close()
        throw error
      }
      return loaded.connectSocial(provider, popup)
    },
    ...laterMethods<Pick<Methods, LaterMethods>>(
      async () => {
        const loaded = await connector.get()
        // Undefined: the wallet wants its own approval for the sign-in (Connector.signInAtLogin).
        return { ...loaded, signInAtLogin: loaded.signInAtLogin ?? (async () => undefined) }
      },
      {
        connect: true,
        request: true,
        switchChain: true,
        disconnect: true,
        signInAtLogin: true,
        connectEmail: true,
        resendEmail: true,
        submitOtp: true,
        submitRecovery: true,
        updateEmail: true,
        submitUpdateOtp: true,
        send: true,
        connectFarcaster: true,
        rotateRecovery: true,
        stopSharingBitcoin: true,
        switchAccountType: true,
      },
    ),
  }
}
