import type { AppKitError } from '@modalkit/protocol'
import { catalogueAtom, localeAtom, type Store } from '../../state/atoms.ts'
import type { LoadedCatalogue } from '../en.ts'
import { formatMessage, type Locale } from '../locales.ts'
import { ERROR_TABLE, type ErrorEntry, type WithErrorTable } from './errors/errorTable.ts'

/**
 * An error the modal shows: the error itself, or the words a flow kept of it (an atom holds the
 * `shortMessage` as text, without its code).
 */
export type ShownError = Pick<AppKitError, 'code' | 'shortMessage'> | string

/** The entry for an error: a node's by its code, else the first sentence its words match, fixed ones first. */
function findEntry(table: readonly ErrorEntry[], code: AppKitError['code'] | undefined, text: string) {
  const sameCode = (entry: ErrorEntry) => code === undefined || entry.code === code
  const byCode = code === undefined ? undefined : table.find((e) => !e.sentence && e.code === code)
  const match = (withParams: boolean) =>
    table.find((e) => sameCode(e) && e.params.length > 0 === withParams && e.sentence?.test(text))
  return byCode ?? match(false) ?? match(true)
}

/**
 * The words to show for an error, in the catalogue's language. English shows the error's
 * own `shortMessage` (SPEC §8's sentence); another locale translates the sentence packages/protocol
 * gives that error, recognised by code and words, so an error rebuilt from a frame's data is
 * translated as the class is. A sentence that takes a value keeps it as written, but for a number
 * the class carries (the cooldown's `seconds`): that one is written the locale's way and picks the
 * plural form. Words that are not one of ours (a wallet's or a server's own) are shown as they came.
 *
 * @example describeError(new EmailCooldownError(7), es, 'es') // 'Inténtalo de nuevo en 7 segundos'
 */
export function describeError(error: ShownError, catalogue: LoadedCatalogue, locale: Locale): string {
  const text = typeof error === 'string' ? error : error.shortMessage
  const table = (catalogue as Partial<WithErrorTable>)[ERROR_TABLE]
  const entry = table && findEntry(table, typeof error === 'string' ? undefined : error.code, text)
  if (!entry) return text
  const values = entry.sentence?.exec(text)?.slice(1) ?? []
  const params = Object.fromEntries(
    entry.params.map((name, i) => {
      const written = values[i] ?? ''
      // A number the class carries (the cooldown's seconds) is read back from its words, so an error
      // that came as data counts and is written as the class itself would be.
      return [name, entry.numbers.includes(name) && /^\d+$/.test(written) ? Number(written) : written]
    }),
  )
  return formatMessage(entry.message, params, locale)
}

/** describeError in the current locale, for state code (a toast, an alert), as translate() is. */
export function translateError(store: Store, error: ShownError): string {
  return describeError(error, store.get(catalogueAtom), store.get(localeAtom))
}
