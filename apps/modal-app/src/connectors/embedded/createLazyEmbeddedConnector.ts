import { EMBEDDED_CONNECTOR_ID } from '@modalkit/protocol'
import type { ModalContext } from '../../state/ModalContext.ts'
import type { EmbeddedConnector } from './createEmbeddedConnector.ts'
import { describeEmbedded, hasKeptLogin, isEmbeddedConnected, wantsSecureFrame } from './embeddedBasics.ts'
import { EMBEDDED_KEYS, embeddedStorage } from './embeddedStorage.ts'

/** The connector's methods that answer later: what the stand-in passes on once the code is here. */
type Methods = Required<EmbeddedConnector>
type LaterMethods = {
  [K in keyof Methods]: Methods[K] extends (...args: never[]) => Promise<unknown> ? K : never
}[keyof Methods]

/**
 * The embedded wallet as the modal starts with it (issue 11): its logins, its session and the secure
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
  let loading: Promise<EmbeddedConnector> | undefined
  let loaded: EmbeddedConnector | undefined
  const connector = () => {
    loading ??= load().then((c) => {
      loaded = c
      return c
    })
    // A failed load (the chunk unreachable) is tried again on the next call, not remembered.
    loading.catch(() => {
      loading = undefined
    })
    return loading
  }
  const later = <K extends LaterMethods>(key: K): Methods[K] => {
    const call = async (...args: unknown[]) => {
      const method = (await connector())[key] as (...args: unknown[]) => Promise<unknown>
      return method(...args)
    }
    return call as Methods[K]
  }

  return {
    owns: (connectorId) => connectorId === EMBEDDED_CONNECTOR_ID,
    isConnected: (namespace) => isEmbeddedConnected(store, namespace),
    describe: () => describeEmbedded(store, storage),
    email: () => storage.read(EMBEDDED_KEYS.email),
    preload(): void {
      if (wantsSecureFrame(store))
        void connector().then(
          (c) => c.preload(),
          () => {},
        )
    },
    // Nothing can be pending before the code that sends requests has loaded.
    abortPending: () => loaded?.abortPending(),
    async restore(): Promise<void> {
      if (hasKeptLogin(storage)) await (await connector()).restore()
    },
    connect: later('connect'),
    request: later('request'),
    switchChain: later('switchChain'),
    disconnect: later('disconnect'),
    signInAtLogin: later('signInAtLogin'),
    connectEmail: later('connectEmail'),
    resendEmail: later('resendEmail'),
    submitOtp: later('submitOtp'),
    submitRecovery: later('submitRecovery'),
    updateEmail: later('updateEmail'),
    submitUpdateOtp: later('submitUpdateOtp'),
    send: later('send'),
    connectSocial: later('connectSocial'),
    connectFarcaster: later('connectFarcaster'),
    rotateRecovery: later('rotateRecovery'),
    switchAccountType: later('switchAccountType'),
  }
}
