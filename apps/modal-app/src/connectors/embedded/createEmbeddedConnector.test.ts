import { EMBEDDED_CONNECTOR_ID } from '@modalkit/protocol'
import { describe, expect, it } from 'vitest'
import { loadCatalogue } from '../../i18n/locales.ts'
import { catalogueAtom, createStore, localeAtom } from '../../state/atoms.ts'
import { createEmbeddedConnector } from './createEmbeddedConnector.ts'
import type { EmbeddedContext } from './EmbeddedContext.ts'
import { EMBEDDED_KEYS } from './embeddedStorage.ts'

/** The connector with a store and a storage of its own; the secure frame is never asked here. */
function connector(storage: Storage | undefined = undefined) {
  const store = createStore()
  const ctx = {
    store,
    analytics: { track: () => {} },
    events: { emit: () => {} },
    close: () => true,
    storage,
    clock: { now: () => 0 },
    frame: () => {
      throw new Error('the frame is not asked to name the wallet')
    },
    authOrigin: 'https://auth.test',
    projectId: 'p',
    version: '1',
    rpcUrl: () => '',
  } as unknown as EmbeddedContext
  return { store, embedded: createEmbeddedConnector(ctx) }
}

describe("the embedded wallet's name in the connection lists (ProfileWallets)", () => {
  it("is said in the modal's language when there is no e-mail (a social or Farcaster login)", async () => {
    const { store, embedded } = connector()
    expect(embedded.describe(EMBEDDED_CONNECTOR_ID)).toEqual({ name: 'Embedded wallet' })
    for (const [locale, name] of [
      ['es', 'Billetera integrada'],
      ['zh', '嵌入式钱包'],
      ['ja', '組み込みウォレット'],
      ['ar', 'المحفظة المدمجة'],
    ] as const) {
      // As i18n/syncLocale does: the messages first, then the locale.
      store.set(catalogueAtom, await loadCatalogue(locale))
      store.set(localeAtom, locale)
      expect(embedded.describe(EMBEDDED_CONNECTOR_ID), locale).toEqual({ name })
    }
  })

  it('is the e-mail the wallet logged in with, in every language', async () => {
    const kept = new Map<string, string>([[EMBEDDED_KEYS.email, 'ana@example.test']])
    const storage = { getItem: (key: string) => kept.get(key) ?? null } as unknown as Storage
    const { store, embedded } = connector(storage)
    store.set(catalogueAtom, await loadCatalogue('ja'))
    store.set(localeAtom, 'ja')
    expect(embedded.describe(EMBEDDED_CONNECTOR_ID)).toEqual({ name: 'ana@example.test' })
  })
})
