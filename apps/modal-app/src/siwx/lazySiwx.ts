import { laterMethods, loadOnce } from '../chunks/loadLater.ts'
import { log } from '../log.ts'
import { accountsAtom, optionsAtom, type Store } from '../state/atoms.ts'
import type { Siwx } from './createSiwx.ts'

/**
 * Sign-in with X as the modal starts with it: the site's choice (its init options), so
 * its code (`load`: startSiwx.ts and the API's SIWX calls) loads only for a site that turns it on,
 * and then at once, so an account restored at startup is checked. A chunk that did not arrive is
 * tried again with the next account change: a connection is what sign-in is for, and it must not
 * slip through unsigned. The view's Sign and Cancel wait for it.
 */
export function lazySiwx(store: Store, load: () => Promise<Siwx>): Pick<Siwx, 'sign' | 'cancel'> {
  const siwx = loadOnce(load)
  const start = () => {
    if (store.get(optionsAtom)?.siwx && !siwx.current())
      void siwx.get().catch((error: unknown) => log.error('SIWX could not be loaded', error))
  }
  store.sub(optionsAtom, start)
  store.sub(accountsAtom, start)
  return laterMethods<Pick<Siwx, 'sign' | 'cancel'>>(siwx.get, { sign: true, cancel: true })
}
