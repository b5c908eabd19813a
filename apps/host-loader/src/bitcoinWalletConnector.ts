import {
  AppKitError,
  type BitcoinWalletAccount,
  type BitcoinWalletConnection,
  type BitcoinWalletEvent,
  type BitcoinWalletRequest,
  bitcoinNetworkOfAddress,
  bitcoinWalletAccountSchema,
  ChainNotSupportedError,
  ConnectionRejectedError,
  FailedToConnectError,
  NotConnectedError,
  UserRejectedRequestError,
  ValidationError,
} from '@modalkit/protocol'
import { createSatsConnectAdapter } from './bitcoinSatsConnect.ts'
import { createStandardWalletAdapter } from './bitcoinStandardWallet.ts'
import type { BitcoinWalletAdapter, RawBitcoinAccount } from './bitcoinWalletAdapter.ts'
import type { DiscoveredBitcoinWallet } from './discoverBitcoinWallets.ts'
import { walletError } from './walletError.ts'

// The Bitcoin script's part (bitcoinScript.ts): loaded with the first connect, restore or request.

/** The adapter that speaks the wallet's dialect. */
export function adapterOf({ info, wallet }: DiscoveredBitcoinWallet): BitcoinWalletAdapter {
  return info.kind === 'standard' ? createStandardWalletAdapter(wallet) : createSatsConnectAdapter(wallet)
}

/** sats-connect's user rejection, and EIP-1193's. */
const REJECTED = new Set([-32000, 4001])

const codeOf = (error: unknown): unknown =>
  typeof error === 'object' && error !== null ? Reflect.get(error, 'code') : undefined

/** A wallet's error as one of ours: a rejection is 4001, our own refusals pass as they are. */
export function bitcoinWalletError(error: unknown): AppKitError {
  if (error instanceof AppKitError) return error
  if (REJECTED.has(codeOf(error) as number)) return new UserRejectedRequestError()
  return walletError(error)
}

/** The addresses a wallet gave, each parsed; what is not a Bitcoin address (Stacks, junk) is left out. */
export function parseBitcoinAccounts(raw: RawBitcoinAccount[]): BitcoinWalletAccount[] {
  return raw.flatMap((account) => {
    const candidate = Object.fromEntries(Object.entries(account).filter(([, v]) => v !== undefined))
    const parsed = bitcoinWalletAccountSchema.safeParse(candidate)
    return parsed.success ? [parsed.data] : []
  })
}

/**
 * The Bitcoin browser wallet the user connected, called in the host page (so it sees the site's
 * origin). Requests come from the modal, parsed and with the connected account filled in; the
 * wallet's addresses and events are page data, parsed before they reach the modal.
 */
export function createBitcoinWalletConnector(onEvent: (event: BitcoinWalletEvent) => void) {
  let current:
    | { adapter: BitcoinWalletAdapter; accounts: BitcoinWalletAccount[]; off: () => void }
    | undefined

  const detach = () => {
    current?.off()
    current = undefined
  }

  /**
   * The wallet's addresses as the connection (`first`, when among them, leading), its events
   * followed; undefined when it gave none.
   */
  const attach = (adapter: BitcoinWalletAdapter, raw: RawBitcoinAccount[], first?: string) => {
    const parsed = parseBitcoinAccounts(raw)
    const accounts = [
      ...parsed.filter((a) => a.address === first),
      ...parsed.filter((a) => a.address !== first),
    ]
    if (accounts.length === 0) return undefined
    detach()
    const connection = { adapter, accounts, off: () => {} }
    connection.off = adapter.subscribe((event) => {
      if (current !== connection) return
      const next = event === 'disconnect' ? [] : parseBitcoinAccounts(event.accounts)
      if (next.length === 0) {
        detach()
        onEvent({ type: 'disconnect' })
        return
      }
      connection.accounts = next
      onEvent({ type: 'accountsChanged', accounts: next })
    })
    current = connection
    return { accounts }
  }

  /**
   * After a network switch that did not finish (the wallet may have changed network and then not
   * answered), what the wallet gives now without asking becomes the connection, told to the modal as
   * its event; nothing left disconnects it. No state is left that the wallet does not have.
   */
  const resync = async (connection: NonNullable<typeof current>) => {
    const raw = await connection.adapter.restore().catch(() => undefined)
    if (current !== connection || raw === undefined) return
    const accounts = parseBitcoinAccounts(raw)
    if (accounts.length === 0) {
      detach()
      onEvent({ type: 'disconnect' })
      return
    }
    connection.accounts = accounts
    onEvent({ type: 'accountsChanged', accounts })
  }

  return {
    async connect(found: DiscoveredBitcoinWallet): Promise<BitcoinWalletConnection> {
      const adapter = adapterOf(found)
      let raw: RawBitcoinAccount[]
      try {
        raw = await adapter.connect()
      } catch (error) {
        if (REJECTED.has(codeOf(error) as number)) throw new ConnectionRejectedError('the wallet rejected it')
        throw new FailedToConnectError(`wallet error ${String(codeOf(error) ?? '')}`)
      }
      const connection = attach(adapter, raw)
      if (!connection) throw new ValidationError('wallet answer', [])
      return connection
    },
    /**
     * The wallet connected again from what it gives without asking, the address it had last time
     * first; undefined when it gives nothing, or when the visitor connected a wallet meanwhile (that
     * one stays). Throws when the wallet could not say.
     */
    async restore(
      found: DiscoveredBitcoinWallet,
      address?: string,
    ): Promise<BitcoinWalletConnection | undefined> {
      if (current) return undefined
      const adapter = adapterOf(found)
      const raw = await adapter.restore()
      return current ? undefined : attach(adapter, raw, address)
    },
    /** Whether a wallet is connected. */
    connected: () => current !== undefined,
    /** Lets go of the connection here, without asking the wallet to disconnect (its grant stays). */
    release(): void {
      detach()
    },
    /** The connected wallet moved to another Bitcoin network: its addresses there become the connection. */
    async switchNetwork(caipNetworkId: string): Promise<BitcoinWalletConnection> {
      const connection = current
      if (!connection) throw new NotConnectedError('no Bitcoin browser wallet is connected')
      let raw: RawBitcoinAccount[]
      try {
        raw = await connection.adapter.switchNetwork(caipNetworkId)
      } catch (error) {
        const refused = bitcoinWalletError(error)
        // Declined by its user: the wallet stayed where it was. Anything else: ask it where it is.
        if (refused.code !== 4001) await resync(connection)
        throw refused
      }
      if (current !== connection) throw new NotConnectedError('the Bitcoin browser wallet disconnected')
      const accounts = parseBitcoinAccounts(raw).filter(
        (a) => bitcoinNetworkOfAddress(a.address) === caipNetworkId,
      )
      if (accounts.length === 0) {
        await resync(connection)
        throw new ChainNotSupportedError(`${caipNetworkId}: the wallet has no account there`)
      }
      connection.accounts = accounts
      return { accounts }
    },
    async request(request: BitcoinWalletRequest): Promise<unknown> {
      const connection = current
      if (!connection?.accounts.some((a) => a.address === request.params.account))
        throw new NotConnectedError('no Bitcoin browser wallet is connected with this account')
      // The addresses the wallet gave at connect (or since, by its events): nothing to ask it.
      if (request.method === 'getAccountAddresses') {
        const wanted = request.params.intentions
        return connection.accounts.filter((a) => !wanted || wanted.includes(a.intention ?? 'payment'))
      }
      try {
        return await connection.adapter.request(request)
      } catch (error) {
        throw bitcoinWalletError(error)
      }
    },
    async disconnect(): Promise<void> {
      const adapter = current?.adapter
      detach()
      await adapter?.disconnect().catch(() => {})
    },
  }
}
