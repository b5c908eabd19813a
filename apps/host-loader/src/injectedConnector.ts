import {
  ConnectionRejectedError,
  FailedToConnectError,
  type InjectedConnection,
  type InjectedEvent,
  injectedConnectionSchema,
  ValidationError,
} from '@modalkit/protocol'
import type { Eip1193Provider } from './createProvider.ts'
import type { DiscoveredWallet } from './discoverWallets.ts'
import { ProviderRpcError } from './ProviderRpcError.ts'
import { codeOf } from './walletError.ts'

/** The browser wallet the user connected: called in the host page, so it sees the site's origin. */
export type InjectedConnector = {
  connect(wallet: DiscoveredWallet): Promise<InjectedConnection>
  /** The wallet's accounts for the site by `eth_accounts`, which never prompts; none when it has none. */
  restore(wallet: DiscoveredWallet): Promise<InjectedConnection | undefined>
  request(method: string, params: unknown): Promise<unknown>
  active(): Eip1193Provider | undefined
  disconnect(): void
}

type Listener = (payload: unknown) => void

/**
 * Connects a host-page wallet and forwards its events. Its answers are page data too: accounts and
 * chain id are parsed before they reach the modal.
 */
export function createInjectedConnector(onEvent: (event: InjectedEvent) => void): InjectedConnector {
  let current: { provider: Eip1193Provider; listeners: [string, Listener][] } | undefined

  const detach = () => {
    for (const [name, listener] of current?.listeners ?? []) current?.provider.removeListener(name, listener)
    current = undefined
  }

  /** Follows this wallet's events from now on, and no other's. */
  const attach = (provider: Eip1193Provider) => {
    detach()
    const listeners: [string, Listener][] = [
      [
        'accountsChanged',
        (a) => Array.isArray(a) && onEvent({ type: 'accountsChanged', accounts: a as string[] }),
      ],
      ['chainChanged', (id) => typeof id === 'string' && onEvent({ type: 'chainChanged', chainId: id })],
      ['disconnect', () => onEvent({ type: 'disconnect' })],
    ]
    for (const [name, listener] of listeners) provider.on(name, listener)
    current = { provider, listeners }
  }

  return {
    async connect({ provider }) {
      let accounts: unknown
      let chainId: unknown
      try {
        accounts = await provider.request({ method: 'eth_requestAccounts' })
        chainId = await provider.request({ method: 'eth_chainId' })
      } catch (error) {
        if (codeOf(error) === 4001) throw new ConnectionRejectedError('the wallet rejected the request')
        throw new FailedToConnectError(`wallet error ${codeOf(error) ?? ''}`)
      }
      const parsed = injectedConnectionSchema.safeParse({ accounts, chainId })
      if (!parsed.success) throw new ValidationError('wallet answer', [])
      attach(provider)
      return parsed.data
    },
    async restore({ provider }) {
      try {
        const accounts = await provider.request({ method: 'eth_accounts' })
        if (!Array.isArray(accounts) || accounts.length === 0) return undefined
        const chainId = await provider.request({ method: 'eth_chainId' })
        const parsed = injectedConnectionSchema.safeParse({ accounts, chainId })
        if (!parsed.success) return undefined
        attach(provider)
        return parsed.data
      } catch {
        return undefined
      }
    },
    async request(method, params) {
      if (!current) throw new ProviderRpcError(4900, 'No browser wallet is connected')
      return current.provider.request({ method, params: params as unknown[] })
    },
    active: () => current?.provider,
    disconnect: detach,
  }
}
