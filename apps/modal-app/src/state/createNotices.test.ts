import { FrameError, ServerError, SomethingWentWrongError } from '@modalkit/protocol'
import { describe, expect, it } from 'vitest'
import { loadCatalogue } from '../i18n/locales.ts'
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
})
