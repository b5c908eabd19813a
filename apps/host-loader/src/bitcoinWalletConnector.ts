import {
  AppKitError,
  type BitcoinWalletAccount,
  type BitcoinWalletConnection,
  type BitcoinWalletEvent,
  type BitcoinWalletRequest,
  bitcoinWalletAccountSchema,
  ConnectionRejectedError,
  FailedToConnectError,
  type HostHandlers,
  type ModalClient,
  NotConnectedError,
  NotReadyError,
  UserRejectedRequestError,
  ValidationError,
} from '@modalkit/protocol'
import type { BitcoinWalletAdapter, RawBitcoinAccount } from './bitcoinWalletAdapter.ts'
import { type DiscoveredBitcoinWallet, discoverBitcoinWallets } from './discoverBitcoinWallets.ts'
import { walletError } from './injectedConnector.ts'

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

  return {
    async connect(found: DiscoveredBitcoinWallet): Promise<BitcoinWalletConnection> {
      const adapter = found.adapter()
      let raw: RawBitcoinAccount[]
      try {
        raw = await adapter.connect()
      } catch (error) {
        if (REJECTED.has(codeOf(error) as number)) throw new ConnectionRejectedError('the wallet rejected it')
        throw new FailedToConnectError(`wallet error ${String(codeOf(error) ?? '')}`)
      }
      const accounts = parseBitcoinAccounts(raw)
      if (accounts.length === 0) throw new ValidationError('wallet answer', [])
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

/**
 * The loader's part for Bitcoin browser wallets: discovery (once the site configures a Bitcoin
 * network), the list sent to the modal, and the host handlers the modal calls.
 */
export function createBitcoinWallets(modal: () => ModalClient | undefined) {
  let discovered: ReturnType<typeof discoverBitcoinWallets> | undefined
  const log = (error: unknown) => console.error('[appkit] Bitcoin wallet', error)
  const connector = createBitcoinWalletConnector((event) => {
    modal()?.bitcoinWalletEvent(event).catch(log)
  })
  const send = (list: ReturnType<NonNullable<typeof discovered>['wallets']>) => {
    modal()?.bitcoinWalletsChanged(list).catch(log)
  }
  const handlers: Pick<
    HostHandlers,
    'connectBitcoinWallet' | 'bitcoinWalletRequest' | 'disconnectBitcoinWallet'
  > = {
    connectBitcoinWallet: async ({ id }) => {
      const found = discovered?.find(id)
      if (!found) throw new NotReadyError(`no Bitcoin browser wallet ${id}`)
      return connector.connect(found)
    },
    bitcoinWalletRequest: (request) => connector.request(request),
    disconnectBitcoinWallet: () => connector.disconnect(),
  }
  return {
    start() {
      discovered ??= discoverBitcoinWallets(send)
    },
    /** Sends the list once the modal is up (changes after that are sent as they come). */
    sync() {
      if (discovered) send(discovered.wallets())
    },
    handlers,
  }
}
