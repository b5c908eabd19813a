import {
  FailedToConnectError,
  FrameError,
  InvalidKeyError,
  JwtNotYetValidError,
  OriginNotAllowedError,
  ServerError,
  SomethingWentWrongError,
} from '@modalkit/protocol'
import { describe, expect, it } from 'vitest'
import { loadCatalogue } from '../i18n/locales.ts'
import { universalProviderAlert } from './alerts.ts'
import { alertAtom, catalogueAtom, createStore, localeAtom } from './atoms.ts'
import { createNotices } from './createNotices.ts'

describe('createNotices', () => {
  it("shows an alert in the store's language: the class's own sentence and the long text", async () => {
    const store = createStore()
    const notices = createNotices(store, () => 1)
    // Words a server sent under the alert's code never show: the class's sentence does.
    notices.showAlert(new FrameError('upstream exploded', 'server_error'))
    expect(store.get(alertAtom)).toEqual({
      id: 1,
      short: new ServerError().shortMessage,
      long: 'Failed to get the app configuration. Try again later.',
    })
    store.set(catalogueAtom, await loadCatalogue('es'))
    store.set(localeAtom, 'es')
    notices.showAlert(new ServerError())
    expect(store.get(alertAtom)).toEqual({
      id: 1,
      short: 'Error del servidor',
      long: 'No se pudo obtener la configuración de la app. Inténtalo de nuevo más tarde.',
    })
    // An error without an alert of its own shows its words, translated, with no long text.
    notices.showAlert(new SomethingWentWrongError())
    expect(store.get(alertAtom)).toMatchObject({ short: 'Algo salió mal', long: '' })
  })

  it("maps the relay's refusals to SPEC §8's alerts and shows each once per page load", () => {
    const store = createStore()
    let clock = 0
    const notices = createNotices(store, () => ++clock)
    const alertOf = (error: Parameters<typeof universalProviderAlert>[0]) => {
      const alert = universalProviderAlert(error)
      if (!alert) throw new Error(`no alert for ${error.name}`)
      return alert
    }
    expect(alertOf(new JwtNotYetValidError('iat in the future')).shortMessage).toBe('Session Expired')
    expect(alertOf(new InvalidKeyError()).shortMessage).toBe('Invalid Project ID')
    expect(alertOf(new OriginNotAllowedError()).shortMessage).toBe('Invalid App Configuration')
    expect(universalProviderAlert(new FailedToConnectError())).toBeUndefined()

    notices.showAlertOnce(alertOf(new JwtNotYetValidError()))
    expect(store.get(alertAtom)).toEqual({
      id: 1,
      short: 'Session Expired',
      long: 'Your session is invalid. Check your time settings and reconnect.',
    })
    // Dismissed, then the same refusal again (the next pairing attempt): not shown again.
    store.set(alertAtom, undefined)
    notices.showAlertOnce(alertOf(new JwtNotYetValidError()))
    expect(store.get(alertAtom)).toBeUndefined()
    // Another refusal is an alert of its own.
    notices.showAlertOnce(alertOf(new InvalidKeyError()))
    expect(store.get(alertAtom)).toMatchObject({ id: 2, short: 'Invalid Project ID' })
  })
})
