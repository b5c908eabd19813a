import type { Namespace } from '@modalkit/protocol'
import { laterMethods, loadOnce } from '../chunks/loadLater.ts'
import type { Connector } from './Connector.ts'

/**
 * A connector of the host page's own wallets (browser wallets, Bitcoin browser wallets) as its lazy
 * chunk gives it: it also follows the loader's events for them, and takes what the loader restored
 * from an earlier visit.
 */
export type HostWalletConnector<Params, Event, Restored> = Connector<Params> & {
  onEvent(event: Event): void
  /** The connection the loader restored (asked by the stand-in, without the connector's code). */
  adopt(restored: Restored): Promise<void>
}

/** What the stand-in answers without the code (the connector's own basics), and how it asks the loader. */
export type HostWalletBasics<Parameters, Restored> = Pick<Connector<never>, 'owns' | 'describe'> & {
  isConnected(namespace?: Namespace): boolean
  /** What the loader restored from an earlier visit, never prompting; undefined when nothing. */
  restorable(): Promise<Restored | undefined>
  /** Shows a connect that could not start (its code did not load) as a failed connect, with its retry. */
  connectFailed(parameters: Parameters): void
  /** Whether opening the modal should load the code (a kind the site's networks leave out need not). */
  wanted(): boolean
}

/**
 * A host-page wallet connector as the modal starts with it (its code is not in the first
 * chunk). What the core asks synchronously comes from the atoms, as the connector answers it;
 * opening the modal (`preload`, SPEC §4) loads the code, and so does anything that needs it. The
 * restore at start asks the loader first: only a connection it kept brings the code then, and one
 * whose code did not load is adopted when it next does (opening the modal loads it again). The
 * loader's events, which may come for a restored wallet before the code, wait for it and for the
 * adoption, in order.
 */
export function createLazyHostWalletConnector<Params, Event, Restored>(
  basics: HostWalletBasics<Params, Restored>,
  load: () => Promise<HostWalletConnector<Params, Event, Restored>>,
): Connector<Params> & { onEvent(event: Event): void } {
  const { owns, describe, isConnected, restorable, connectFailed, wanted } = basics
  const connector = loadOnce(load)
  /** A connection the loader restored, not yet adopted: its code had not loaded. */
  let pending: Restored | undefined
  /** The code, once it has adopted what the loader restored: everything goes through here. */
  const ready = async () => {
    const loaded = await connector.get()
    const restored = pending
    pending = undefined
    if (restored !== undefined) await loaded.adopt(restored)
    return loaded
  }
  return {
    owns,
    describe,
    isConnected,
    preload(): void {
      if (wanted() || pending !== undefined) void ready().catch(() => {})
    },
    async restore(): Promise<void> {
      pending = await restorable()
      if (pending !== undefined) await ready().catch(() => {})
    },
    async connect(parameters: Params): Promise<void> {
      const loaded = await ready().catch(() => undefined)
      if (loaded) await loaded.connect(parameters)
      else connectFailed(parameters)
    },
    // With the code there and nothing left to adopt, at once (as the connector alone did).
    onEvent(event: Event): void {
      const loaded = connector.current()
      if (loaded && pending === undefined) loaded.onEvent(event)
      else
        void ready().then(
          (code) => code.onEvent(event),
          () => {},
        )
    },
    ...laterMethods<Pick<Connector<Params>, 'request' | 'switchChain' | 'disconnect'>>(ready, {
      request: true,
      switchChain: true,
      disconnect: true,
    }),
  }
}
