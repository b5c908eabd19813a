import type { AppKitError } from '@modalkit/protocol'
import { TOAST_REOPEN_MS } from '@modalkit/shared'
import { translateError } from '../i18n/flows/describeError.ts'
import { translate } from '../i18n/translate.ts'
import { ALERTS } from './alerts.ts'
import { alertAtom, type Store, shakeAtom, type Toast, toastAtom } from './atoms.ts'

/** The modal's ways of telling the user: an alert (SPEC §8, picked by code), a toast, a shake. */
export function createNotices(store: Store, now: () => number) {
  let toastTimer: ReturnType<typeof setTimeout> | undefined
  let toastId = 0
  /** The alerts shown once per page load (showAlertOnce), by code. */
  const shownOnce = new Set<AppKitError['code']>()
  const notices = {
    /** In the language of the moment it shows, as toasts are. */
    showAlert(error: AppKitError): void {
      const alert = ALERTS[error.code]
      store.set(alertAtom, {
        id: now(),
        short: translateError(store, alert?.short ?? error),
        long: alert ? translate(store, alert.long) : '',
      })
    },

    /** SPEC §8: an alert shown once each (the relay's refusals): the same code again shows nothing. */
    showAlertOnce(error: AppKitError): void {
      if (shownOnce.has(error.code)) return
      shownOnce.add(error.code)
      notices.showAlert(error)
    },

    /** SPEC §4: a new toast while one is open closes it and reopens after 150 ms. */
    showToast(variant: Toast['variant'], message: string): void {
      clearTimeout(toastTimer)
      const next = { id: ++toastId, variant, message }
      if (store.get(toastAtom)) {
        store.set(toastAtom, undefined)
        toastTimer = setTimeout(() => store.set(toastAtom, next), TOAST_REOPEN_MS)
      } else store.set(toastAtom, next)
    },

    shake: (): void => store.set(shakeAtom, (n) => n + 1),
  }
  return notices
}

export type Notices = ReturnType<typeof createNotices>
