import type { HostSnapshot } from '@modalkit/protocol'
import { accountsPermissions, isAccountsPermissionRequest } from './accountsPermission.ts'
import { ProviderRpcError, toProviderRpcError } from './ProviderRpcError.ts'
import { eip155Accounts, eip155ChainId, type ProviderEvent, providerEvents } from './providerEvents.ts'
import { createProviderListeners } from './providerListeners.ts'
import type { Store } from './store.ts'
import { waitForChain } from './waitForChain.ts'
import { waitForConnection } from './waitForConnection.ts'

export type RequestArguments = { method: string; params?: readonly unknown[] | object }

export type ProviderBackend = {
  /** Resolves once the modal answered `init`, so state-backed answers are real. */
  ready(): Promise<unknown>
  /** Forwards a request to the modal, which classifies it (SPEC §5/§6). */
  forward(method: string, params: unknown): Promise<unknown>
  open(): Promise<void>
  /** Disconnects the EVM account (`window.appkit.disconnect('eip155')`). */
  disconnect(): Promise<void>
}

/** The EIP-1193 provider the host page gets from `getProvider('eip155')` and EIP-6963. */
export type Eip1193Provider = {
  request(args: RequestArguments): Promise<unknown>
  on(event: string, handler: (...args: never[]) => void): Eip1193Provider
  removeListener(event: string, handler: (...args: never[]) => void): Eip1193Provider
}

export function createProvider(store: Store<HostSnapshot>, backend: ProviderBackend): Eip1193Provider {
  const listeners = createProviderListeners()
  let previous = store.get()

  const emit = ([event, payload]: ProviderEvent) => listeners.emit(event, payload)

  store.subscribe((next) => {
    const events = providerEvents(previous, next)
    previous = next
    for (const event of events) emit(event)
  })

  /** Like a browser wallet: opens the modal and settles when the user connects or closes it. */
  const requestAccounts = (): Promise<string[]> =>
    waitForConnection(store, backend.open, (snapshot) => {
      const accounts = eip155Accounts(snapshot)
      return accounts.length > 0 ? accounts : undefined
    })

  const provider: Eip1193Provider = {
    async request(args) {
      try {
        if (typeof args !== 'object' || args === null || typeof args.method !== 'string') {
          throw new ProviderRpcError(-32600, 'Invalid request: expected { method, params? }')
        }
        await backend.ready()
        switch (args.method) {
          case 'eth_chainId': {
            const chainId = eip155ChainId(store.get())
            if (!chainId) throw new ProviderRpcError(4901, 'The provider is not connected to an EVM chain')
            return chainId
          }
          case 'eth_accounts':
            return eip155Accounts(store.get())
          case 'eth_requestAccounts':
            return await requestAccounts()
          case 'wallet_requestPermissions':
            if (!isAccountsPermissionRequest(args.params)) break
            return accountsPermissions(await requestAccounts())
          case 'wallet_revokePermissions':
            if (!isAccountsPermissionRequest(args.params)) break
            await backend.disconnect()
            return null
          case 'wallet_switchEthereumChain': {
            const result = await backend.forward(args.method, args.params)
            const chainId = (Array.isArray(args.params) ? args.params[0] : undefined)?.chainId
            if (typeof chainId === 'string') await waitForChain(store, chainId)
            return result
          }
        }
        return await backend.forward(args.method, args.params)
      } catch (error) {
        throw toProviderRpcError(error)
      }
    },
    on(event, handler) {
      listeners.add(event, handler)
      return provider
    },
    removeListener(event, handler) {
      listeners.remove(event, handler)
      return provider
    },
  }
  return provider
}
