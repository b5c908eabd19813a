import type { MODAL_EVENTS } from '@modalkit/protocol'
import type { Store } from './atoms.ts'

/** An event the modal reports to the host page (subscribeEvents) and to analytics (SPEC §7). */
export type ModalEventName = (typeof MODAL_EVENTS)[number]
export type EventProperties = Record<string, string | number | boolean>

/**
 * What every feature of the modal receives (connectors, login flows): the state, where events go,
 * how to close, storage and time. It is defined apart from the controller that composes the features,
 * so no feature imports the controller back (the one-way rule of STYLE.md "Models in our own code").
 */
export type ModalContext = {
  store: Store
  /** Sends an event to the host page and, for an allowed site, to the API's analytics. */
  analytics: { track(event: ModalEventName, properties?: EventProperties): void }
  /** Sends an event to the host page only (subscribeEvents). */
  events: { emit(event: ModalEventName, properties?: EventProperties): void }
  /** Closes the modal as its close button does (SPEC §2); false when closing is disabled. */
  close(): boolean
  /** The modal origin's localStorage, or none where the browser blocks it in a third-party frame. */
  storage: Storage | undefined
  clock: { now(): number }
}
