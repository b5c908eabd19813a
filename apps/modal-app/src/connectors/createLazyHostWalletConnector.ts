import type { Namespace } from '@modalkit/protocol'
import { laterMethods, loadOnce } from '../chunks/loadLater.ts'
import type { Connector } from './Connector.ts'

/**
 * A connector of the host page's own wallets (browser wallets, Bitcoin browser wallets) as its lazy
 * chunk gives it: it also follows the loader's events for them, and takes what the loader restored
 * from an earlier visit.
 */
export type HostWalletConnector<Parameters, Event, Restored> = Connector<Parameters> & {
  onEvent(event: Event): void
  /** The connection the loader restored (asked by the stand-in, without the connector's code). */
  adopt(restored: Restored): Promise<void>
}

/** What the stand-in answers without the code (the connector's own basics), and how it asks the loader. */
export type HostWalletBasics<Restored> = Pick<Connector<never>, 'owns' | 'describe'> & {
  isConnected(namespace?: Namespace): boolean
  /** What the loader restored from an earlier visit, never prompting; undefined when nothing. */
  restorable(): Promise<Restored | undefined>
}

/**
 * A host-page wallet connector as the modal starts with it (issue 11: its code is not in the first
 * chunk). What the core asks synchronously comes from the atoms, as the connector answers it;
 * opening the modal (`preload`, SPEC §4) loads the code, and so does anything that needs it. The
 * restore at start asks the loader first: only a connection it kept brings the code then. The
 * loader's events for these wallets come only once one is connected, so after the code; one that
 * came before would wait for it.
 */
export function createLazyHostWalletConnector<Parameters, Event, Restored>(
  basics: HostWalletBasics<Restored>,
  load: () => Promise<HostWalletConnector<Parameters, Event, Restored>>,
): Connector<Parameters> & { onEvent(event: Event): void } {
  const connector = loadOnce(load)
  const { owns, describe, isConnected, restorable } = basics
  return {
    owns,
    describe,
    isConnected,
    preload(): void {
      void connector.get().catch(() => {})
    },
    async restore(): Promise<void> {
      const restored = await restorable()
      if (restored !== undefined) await (await connector.get()).adopt(restored)
    },
    onEvent(event: Event): void {
      void connector.get().then(
        (loaded) => loaded.onEvent(event),
        () => {},
      )
    },
    ...laterMethods<Pick<Connector<Parameters>, 'connect' | 'request' | 'switchChain' | 'disconnect'>>(
      connector.get,
      { connect: true, request: true, switchChain: true, disconnect: true },
    ),
  }
}
