import { type AccountState, EMBEDDED_CONNECTOR_ID, type Namespace } from '@modalkit/protocol'
import { atom } from 'jotai/vanilla'
import { log } from '../log.ts'
import { accountsAtom, localeAtom, type Store } from './atoms.ts'

/** A wallet connected in one namespace (SPEC §3 Connection): the active one is in `accountsAtom`. */
export type Connection = {
  namespace: Namespace
  connectorId: string
  name: string
  icon?: string | undefined
  /** The account as it was when this connection was last active. */
  account: AccountState
}

/** Every connected wallet, per namespace, in the order they connected (ProfileWallets). */
export const connectionsAtom = atom<Connection[]>([])

export type ConnectionTrackerDeps = {
  store: Store
  /** SPEC §1: with multiWallet, a new wallet in a namespace leaves the others connected. */
  multiWallet: () => boolean
  /** The name and icon to list a connector's wallet by, when it connects. */
  describe: (connectorId: string) => { name: string; icon?: string | undefined }
  /** Ends a connector's connection for real (in every namespace it serves). */
  disconnect: (connectorId: string) => Promise<void>
}

const same = (a: Connection, namespace: Namespace, connectorId: string) =>
  a.namespace === namespace && a.connectorId === connectorId

/**
 * Keeps the list of connected wallets from the active accounts, which every connector writes
 * (SPEC §4: one active connection per namespace). A wallet that connects becomes active; without
 * multiWallet the namespace's other wallets are disconnected for real. When the active wallet of a
 * namespace leaves, the next one still connected there becomes active.
 */
export function createConnectionTracker({ store, multiWallet, describe, disconnect }: ConnectionTrackerDeps) {
  const active = new Map<Namespace, string>()
  const list = () => store.get(connectionsAtom)

  const activate = (connection: Connection) => {
    active.set(connection.namespace, connection.connectorId)
    store.set(accountsAtom, (accounts) => [
      ...accounts.filter((a) => a.namespace !== connection.namespace),
      connection.account,
    ])
  }

  const onAccounts = () => {
    // Takeovers are written after the loop: writing inside it would run this again, nested, while
    // the loop went on with the accounts it read first.
    const takeovers: Connection[] = []
    for (const account of store.get(accountsAtom)) {
      const { namespace, connectorId } = account
      const previous = active.get(namespace)
      if (account.status === 'connected' && connectorId) {
        active.set(namespace, connectorId)
        const known = list().find((c) => same(c, namespace, connectorId))
        const entry: Connection = {
          ...(known ?? { namespace, connectorId, ...describe(connectorId) }),
          account,
        }
        let next = known ? list().map((c) => (c === known ? entry : c)) : [...list(), entry]
        if (!multiWallet()) {
          const others = next.filter((c) => c.namespace === namespace && c.connectorId !== connectorId)
          next = next.filter((c) => !others.includes(c))
          for (const other of others) {
            disconnect(other.connectorId).catch((error: unknown) =>
              log.error('could not disconnect the previous wallet', error),
            )
          }
        }
        store.set(connectionsAtom, next)
      } else if (account.status === 'disconnected' && previous) {
        active.delete(namespace)
        const rest = list().filter((c) => !same(c, namespace, previous))
        store.set(connectionsAtom, rest)
        const next = rest.find((c) => c.namespace === namespace)
        if (next) takeovers.push(next)
      }
    }
    for (const next of takeovers) activate(next)
  }
  store.sub(accountsAtom, onAccounts)
  onAccounts()
  // The one name the modal writes itself (the embedded wallet's, without an e-mail) speaks the new
  // language. Other wallets keep the name and icon they connected with: their connector describes
  // what is picked now (WalletConnect's, the directory wallet in view), not what connected then.
  store.sub(localeAtom, () =>
    store.set(
      connectionsAtom,
      list().map((c) =>
        c.connectorId === EMBEDDED_CONNECTOR_ID ? { ...c, name: describe(c.connectorId).name } : c,
      ),
    ),
  )

  return {
    /** Which connector is active in `namespace`. */
    activeId: (namespace: Namespace) => active.get(namespace),

    /** Makes a connected wallet the active one of its namespace (ProfileWallets). */
    activate(namespace: Namespace, connectorId: string): void {
      const connection = list().find((c) => same(c, namespace, connectorId))
      if (connection && active.get(namespace) !== connectorId) activate(connection)
    },

    /** Disconnects one wallet; if it was active, the next one of its namespace takes over. */
    async disconnect(namespace: Namespace, connectorId: string): Promise<void> {
      if (active.get(namespace) !== connectorId) {
        store.set(
          connectionsAtom,
          list().filter((c) => c.connectorId !== connectorId || active.get(c.namespace) === connectorId),
        )
      }
      await disconnect(connectorId)
    },

    /** Updates an inactive wallet's remembered account (its own events while another is active). */
    follow(namespace: Namespace, connectorId: string, update: (account: AccountState) => AccountState): void {
      if (active.get(namespace) === connectorId) return
      store.set(
        connectionsAtom,
        list().map((c) => (same(c, namespace, connectorId) ? { ...c, account: update(c.account) } : c)),
      )
    },

    /** A connector's wallet left while it was not active (e.g. a WalletConnect session ended): unlist it. */
    forget(connectorId: string): void {
      store.set(
        connectionsAtom,
        list().filter((c) => c.connectorId !== connectorId || active.get(c.namespace) === connectorId),
      )
    },

    /**
     * Everything in `namespace` (or everywhere) is being disconnected: the inactive wallets are
     * disconnected here and nothing takes over when the active ones leave.
     */
    async disconnectAll(namespace?: Namespace): Promise<void> {
      const ending = list().filter((c) => namespace === undefined || c.namespace === namespace)
      const inactive = new Set(
        ending.filter((c) => active.get(c.namespace) !== c.connectorId).map((c) => c.connectorId),
      )
      store.set(
        connectionsAtom,
        list().filter((c) => !ending.includes(c)),
      )
      for (const c of ending) active.delete(c.namespace)
      // A wallet still active in another namespace (one WalletConnect session serves several) stays.
      const stillActive = new Set(active.values())
      const ids = [...inactive].filter((id) => !stillActive.has(id))
      await Promise.all(ids.map((id) => disconnect(id).catch(() => {})))
    },
  }
}

export type ConnectionTracker = ReturnType<typeof createConnectionTracker>
