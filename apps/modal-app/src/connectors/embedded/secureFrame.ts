import type { AppKitError } from '@modalkit/protocol'
import { approvalAtom, optionsAtom, type Store, selectedNetworkIdAtom } from '../../state/atoms.ts'
import { syncFrameLocale } from '../../state/syncFrameLocale.ts'
import { syncFrameTheme } from '../../state/syncFrameTheme.ts'
import { createFrameClient, type FrameClient } from './createFrameClient.ts'

export type SecureFrameSetup = {
  store: Store
  authOrigin: string
  projectId: string
  version: string
  /** The API's chain proxy URL for a network (SPEC §7 `rpcUrl`). */
  rpcUrl(caipNetworkId: string): string
  /** Every error the frame answered with (the modal's alerts by code). */
  onErrorReply(error: AppKitError): void
}

/**
 * The secure frame of the embedded wallet, created hidden on first use (SPEC §7 query parameters)
 * and kept in step with the modal's theme and language. Its code comes with the embedded wallet's,
 * once a login needs it (createLazyEmbeddedConnector.ts).
 */
export function createSecureFrame(setup: SecureFrameSetup): () => FrameClient {
  const { store } = setup
  let client: FrameClient | undefined
  return () => {
    if (client) return client
    const chainId = store.get(selectedNetworkIdAtom) ?? ''
    client = createFrameClient({
      authOrigin: setup.authOrigin,
      query: {
        projectId: setup.projectId,
        chainId,
        version: setup.version,
        // SPEC §7: the frame logs (errors only) unless the site's init says `enableLogger: false`.
        enableLogger: store.get(optionsAtom)?.enableLogger !== false,
        rpcUrl: setup.rpcUrl(chainId),
      },
      container: document.body,
      onEvent: (event) => {
        if (event.type === '@w3m-frame/APPROVAL')
          store.set(approvalAtom, { open: event.payload.open, height: event.payload.height ?? 0 })
      },
      onErrorReply: (error) => setup.onErrorReply(error),
    })
    syncFrameTheme(store, client)
    syncFrameLocale(store, client)
    return client
  }
}
