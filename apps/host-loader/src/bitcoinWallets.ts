import {
  type BitcoinWallet,
  FailedToConnectError,
  type HostHandlers,
  type ModalClient,
  NotConnectedError,
  NotReadyError,
} from '@modalkit/protocol'
import type { BitcoinScriptParts } from './bitcoinHandoff.ts'
import type { createBitcoinWalletConnector } from './bitcoinWalletConnector.ts'
import { type DiscoveredBitcoinWallet, discoverBitcoinWallets } from './discoverBitcoinWallets.ts'
import { lastBitcoinWallet, waitForWallet } from './lastBrowserWallet.ts'

type BitcoinWalletConnector = ReturnType<typeof createBitcoinWalletConnector>

/**
 * What the next visit finds a Bitcoin browser wallet by: a sats-connect provider's path on `window`
 * (its id), a Wallet Standard wallet's name (its id is the order it registered in, which may change).
 */
export function bitcoinWalletKey(wallet: BitcoinWallet): string {
  return wallet.kind === 'sats-connect' ? wallet.id : `standard-name:${wallet.name}`
}

/** What is kept for the next visit: the wallet's key and the address it connected with. */
type KeptBitcoinWallet = { wallet: string; address: string }

/** The kept wallet, read back from the site's storage (the page may have written anything there). */
function keptBitcoinWallet(): KeptBitcoinWallet | undefined {
  const text = lastBitcoinWallet.get()
  if (!text) return undefined
  try {
    const kept: unknown = JSON.parse(text)
    const wallet: unknown =
      typeof kept === 'object' && kept !== null ? Reflect.get(kept, 'wallet') : undefined
    const address: unknown =
      typeof kept === 'object' && kept !== null ? Reflect.get(kept, 'address') : undefined
    return typeof wallet === 'string' && typeof address === 'string' ? { wallet, address } : undefined
  } catch {
    return undefined
  }
}

/**
 * The loader's part for Bitcoin browser wallets: discovery (once the site configures a Bitcoin
 * network), the list sent to the modal, the host handlers the modal calls, and the wallet remembered
 * for the next visit (lastBrowserWallet.ts), reconnected then when it still gives the site addresses
 * without asking, unless the site turned reconnecting off.
 */
export function createBitcoinWallets(
  modal: () => ModalClient | undefined,
  reconnect: () => boolean,
  loadScript: () => Promise<BitcoinScriptParts>,
) {
  let discovered: ReturnType<typeof discoverBitcoinWallets> | undefined
  /** The connected wallet's key (bitcoinWalletKey), kept for the next visit. */
  let connectedKey: string | undefined
  const log = (error: unknown) => console.error('[appkit] Bitcoin wallet', error)
  /** The connector, made once the Bitcoin script came: with the first connect or restore. */
  let made: BitcoinWalletConnector | undefined
  /** Bumped when the modal lets go of or disconnects the wallet: a restore waiting for the script stops. */
  let letGo = 0
  /** Without the script, no wallet was connected here: nothing to load for a request or a switch. */
  const connected = (): BitcoinWalletConnector => {
    if (!made) throw new NotConnectedError('no Bitcoin browser wallet is connected')
    return made
  }
  const connector = async (): Promise<BitcoinWalletConnector> => {
    const { createBitcoinWalletConnector } = await loadScript()
    made ??= createBitcoinWalletConnector((event) => {
      if (event.type === 'disconnect') lastBitcoinWallet.forget()
      modal()?.bitcoinWalletEvent(event).catch(log)
    })
    return made
  }
  const findByKey = (key: string): DiscoveredBitcoinWallet | undefined => {
    const info = discovered?.wallets().find((w) => bitcoinWalletKey(w) === key)
    return info && discovered?.find(info.id)
  }
  const send = (list: ReturnType<NonNullable<typeof discovered>['wallets']>) => {
    modal()?.bitcoinWalletsChanged(list).catch(log)
  }
  const handlers: Pick<
    HostHandlers,
    | 'connectBitcoinWallet'
    | 'bitcoinWalletRequest'
    | 'disconnectBitcoinWallet'
    | 'restoreBitcoinWallet'
    | 'releaseBitcoinWallet'
    | 'switchBitcoinWalletNetwork'
  > = {
    connectBitcoinWallet: async ({ id }) => {
      const found = discovered?.find(id)
      if (!found) throw new NotReadyError(`no Bitcoin browser wallet ${id}`)
      const loaded = await connector().catch((error: unknown) => {
        log(error)
        throw new FailedToConnectError('the Bitcoin wallet script did not load')
      })
      const connection = await loaded.connect(found)
      connectedKey = bitcoinWalletKey(found.info)
      const kept: KeptBitcoinWallet = { wallet: connectedKey, address: connection.accounts[0]!.address }
      lastBitcoinWallet.set(JSON.stringify(kept))
      return connection
    },
    bitcoinWalletRequest: async (request) => connected().request(request),
    // Without the script, no wallet was connected here.
    disconnectBitcoinWallet: async () => {
      letGo++
      lastBitcoinWallet.forget()
      await made?.disconnect()
    },
    // A wallet not found (an extension turned off for now) or unable to say stays remembered; one
    // that says it gives the site nothing is forgotten, unless the visitor connected one meanwhile.
    restoreBitcoinWallet: async () => {
      const text = lastBitcoinWallet.get()
      const kept = keptBitcoinWallet()
      if (!reconnect() || !discovered || !kept) return undefined
      const found = await waitForWallet(() => findByKey(kept.wallet))
      if (!found) return undefined
      // A script that did not load could not say either: the wallet stays remembered. One let go of
      // while the script loaded stays let go of.
      const asked = letGo
      const restoring = await connector().catch((error: unknown) => log(error))
      if (!restoring || asked !== letGo) return undefined
      const connection = await restoring.restore(found, kept.address).catch(() => null)
      if (connection) {
        connectedKey = kept.wallet
        return { ...connection, wallet: found.info }
      }
      if (connection === undefined && !restoring.connected() && lastBitcoinWallet.get() === text)
        lastBitcoinWallet.forget()
      return undefined
    },
    // The next visit comes back on the network the wallet is on now (this wallet: another tab may
    // have written another one meanwhile, which this one replaces as the last used).
    switchBitcoinWalletNetwork: async ({ caipNetworkId }) => {
      const connection = await connected().switchNetwork(caipNetworkId)
      if (connectedKey) {
        const kept: KeptBitcoinWallet = { wallet: connectedKey, address: connection.accounts[0]!.address }
        lastBitcoinWallet.set(JSON.stringify(kept))
      }
      return connection
    },
    releaseBitcoinWallet: () => {
      letGo++
      lastBitcoinWallet.forget()
      made?.release()
    },
  }
  return {
    start() {
      discovered ??= discoverBitcoinWallets(send)
    },
    /** Ends discovery (its listener and its late look at the page): a page's lifetime, or a test's. */
    stop() {
      discovered?.stop()
      discovered = undefined
    },
    /** Sends the list once the modal is up (changes after that are sent as they come). */
    sync() {
      if (discovered) send(discovered.wallets())
    },
    handlers,
  }
}
