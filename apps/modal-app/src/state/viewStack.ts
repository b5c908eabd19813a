import type { View } from '@modalkit/protocol'

/** Pushes a view, unless it is already on top. */
export function pushView(history: readonly View[], view: View): View[] {
  return history.at(-1) === view ? [...history] : [...history, view]
}

/** Replaces the top view. */
export function replaceView(history: readonly View[], view: View): View[] {
  return [...history.slice(0, -1), view]
}

/**
 * SPEC §2: back pops the history, and closes the modal when only one view remains.
 * @returns the new history, and whether the modal must close instead.
 */
export function goBack(history: readonly View[]): { history: View[]; close: boolean } {
  if (history.length <= 1) return { history: [...history], close: true }
  return { history: history.slice(0, -1), close: false }
}

/** SPEC §2: closing resets to Connect; in embedded mode to Account if connected, else Connect. */
export function viewOnClose({ embedded, connected }: { embedded: boolean; connected: boolean }): View {
  return embedded && connected ? 'Account' : 'Connect'
}

/** SPEC §2: closing is disabled in the sign and approve views when sign-in is required and no session exists. */
export function isCloseDisabled({
  view,
  siwxRequired,
  hasSession,
}: {
  view: View
  siwxRequired: boolean
  hasSession: boolean
}): boolean {
  return siwxRequired && !hasSession && (view === 'SIWXSignMessage' || view === 'ApproveTransaction')
}
