import { SESSION_KEYS, type SessionStore } from '../SessionStore.ts'

/**
 * Which sites a user allowed to see their Bitcoin address. An address links every
 * payment to and from it, so a site gets it only once the user allowed that site, on the secure
 * frame's own screen; the grant is kept in the secure origin, per user and per site origin, and a
 * site never learns another's.
 */
export type BitcoinGrants = {
  allowed(userId: string, site: string): boolean
  allow(userId: string, site: string): void
  /** Takes one site's grant back: that user's, that site's, no other. */
  revoke(userId: string, site: string): void
}

const keyOf = (userId: string, site: string) =>
  `${SESSION_KEYS.bitcoinGrantPrefix}${encodeURIComponent(userId)}/${encodeURIComponent(site)}`

export function createBitcoinGrants(store: SessionStore): BitcoinGrants {
  return {
    // A user or a site the modal left empty is never allowed: no grant can match it.
    allowed: (userId, site) => userId !== '' && site !== '' && store.get(keyOf(userId, site)) === 'allowed',
    allow: (userId, site) => {
      if (userId === '' || site === '') throw new Error('a Bitcoin grant needs a user and a site')
      store.set(keyOf(userId, site), 'allowed')
    },
    revoke: (userId, site) => {
      if (userId !== '' && site !== '') store.remove(keyOf(userId, site))
    },
  }
}
