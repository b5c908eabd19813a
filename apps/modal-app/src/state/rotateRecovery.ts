import { atom } from 'jotai/vanilla'
import { messageOf } from '../connectors/embedded/embeddedBasics.ts'
import { translateError } from '../i18n/flows/describeError.ts'
import { translate } from '../i18n/translate.ts'
import type { Store, Toast } from './atoms.ts'

/**
 * True while a new recovery text is under way. Kept in the store, not in the Account view: the view
 * unmounts while the secure frame's own screen takes its place, and must show the progress after.
 */
export const rotatingRecoveryAtom = atom(false)

export type RotateRecoveryDeps = {
  store: Store
  embedded: { rotateRecovery(): Promise<void> } | undefined
  showToast(variant: Toast['variant'], message: string): void
}

/**
 * Account's "New recovery text": the secure frame shows the new text and replaces the old
 * one once it was typed back there. The modal never sees either text; it says how it ended.
 */
export async function rotateRecovery({ store, embedded, showToast }: RotateRecoveryDeps): Promise<void> {
  // A second click while the first runs would only replace the screen the user is reading.
  if (!embedded || store.get(rotatingRecoveryAtom)) return
  store.set(rotatingRecoveryAtom, true)
  try {
    await embedded.rotateRecovery()
    showToast('success', translate(store, 'account.recovery.saved'))
  } catch (error) {
    showToast('error', translateError(store, messageOf(error)))
  } finally {
    store.set(rotatingRecoveryAtom, false)
  }
}
