import { InvalidAppConfigurationError } from '@modalkit/protocol'
import type { ApiClient } from '../api/createApiClient.ts'
import { afterNextPaint } from './afterNextPaint.ts'
import { hostOriginAtom, optionsAtom, type Store, siteAllowedAtom } from './atoms.ts'
import { activeAccountAtom } from './derivedAtoms.ts'
import type { EventProperties, ModalEventName } from './ModalContext.ts'

export type AnalyticsDeps = {
  store: Store
  api: Pick<ApiClient, 'sendEvent'>
  projectId: string
  now(): number
  /** Sends an event to the host page (subscribeEvents). */
  emit(event: ModalEventName, properties?: EventProperties): void
  /** Shows the SPEC §8 alert of a refused site. */
  showAlert(error: InvalidAppConfigurationError): void
}

/** Each event goes to the host page, and for an allowed site to the API's analytics (SPEC §7). */
export function createAnalytics({ store, api, projectId, now, emit, showAlert }: AnalyticsDeps) {
  let refused = false
  const pending: Parameters<ApiClient['sendEvent']>[1][] = []
  const flush = () => {
    for (const record of pending.splice(0)) {
      if (refused) return
      api.sendEvent(projectId, record).catch((error: unknown) => {
        // A 403 means the site is off the allowlist: the alert shows once (SPEC §8).
        if (error instanceof InvalidAppConfigurationError && !refused) {
          refused = true
          showAlert(error)
        }
      })
    }
  }
  // A page that goes away takes no frame with it: what is waiting leaves now (keepalive carries it).
  globalThis.addEventListener?.('pagehide', flush)
  return {
    track(event: ModalEventName, properties?: EventProperties): void {
      emit(event, properties)
      const site = store.get(hostOriginAtom)
      // SPEC §7: the modal-created event is not sent; nothing is sent for a site we refuse, nor for a
      // site that turned analytics off (AppKit's `features.analytics: false`).
      if (event === 'MODAL_CREATED' || !site || store.get(siteAllowedAtom) !== true || refused) return
      if (store.get(optionsAtom)?.features?.analytics === false) return
      const address = store.get(activeAccountAtom)?.address
      const record = {
        eventId: crypto.randomUUID(),
        url: site,
        domain: new URL(site).host,
        timestamp: now(),
        props: {
          type: 'track' as const,
          event,
          ...(address ? { address } : {}),
          ...(properties ? { properties } : {}),
        },
      }
      pending.push(record)
      // Sent once the frame the event came with is painted: starting a fetch costs a few
      // milliseconds, and MODAL_OPEN comes with the open modal's first frame. A hidden
      // page paints no frame (a wallet app in front of it): its events leave at once.
      if (globalThis.document?.visibilityState === 'hidden') flush()
      else if (pending.length === 1) afterNextPaint(flush)
    },
  }
}
