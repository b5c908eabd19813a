import { type BitcoinWallet, bitcoinWalletConnectorId } from '@modalkit/protocol'
import { describe, expect, it } from 'vitest'
import { loadCatalogue } from '../../i18n/locales.ts'
import { bitcoinWalletsAtom, catalogueAtom, createStore, localeAtom } from '../../state/atoms.ts'
import { type BitcoinWalletContext, createBitcoinWalletConnector } from './createBitcoinWalletConnector.ts'

const wallet: BitcoinWallet = { id: 'standard:1', name: 'Leather', kind: 'standard' }

/** The connector with a store of its own; the host page is never asked to name a wallet. */
function connector() {
  const store = createStore()
  const ctx = {
    store,
    host: () => {
      throw new Error('the host is not asked to name the wallet')
    },
  } as unknown as BitcoinWalletContext
  return { store, bitcoin: createBitcoinWalletConnector(ctx) }
}

describe("a Bitcoin browser wallet's name in the connection lists", () => {
  it('is the name the wallet announced while it is listed', () => {
    const { store, bitcoin } = connector()
    store.set(bitcoinWalletsAtom, [wallet])
    expect(bitcoin.describe(bitcoinWalletConnectorId(wallet)).name).toBe('Leather')
  })

  it("is said in the modal's language once the page no longer lists it", async () => {
    const { store, bitcoin } = connector()
    const id = bitcoinWalletConnectorId(wallet)
    expect(bitcoin.describe(id).name).toBe('Bitcoin wallet')
    for (const [locale, name] of [
      ['es', 'Billetera de Bitcoin'],
      ['ar', 'محفظة بيتكوين'],
    ] as const) {
      // As i18n/syncLocale does: the messages first, then the locale.
      store.set(catalogueAtom, await loadCatalogue(locale))
      store.set(localeAtom, locale)
      expect(bitcoin.describe(id).name, locale).toBe(name)
    }
  })
})
