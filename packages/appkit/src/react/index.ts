import type {
  AppKitAccount,
  AppKitNetworkObject,
  AppKitOpenOptions,
  AppKitState,
  AppKitTheme,
  AppKitWalletInfo,
  BitcoinProvider,
  Eip1193Provider,
  ModalEvent,
  SolanaProvider,
} from '@modalkit/host-loader/types'
import type { Namespace, NetworkSummary, ThemeMode, ThemeVariables } from '@modalkit/protocol'
import { useState } from 'react'
import { currentAppKit } from '../current.ts'
import { useSubscription } from './useSubscription.ts'

export { type CreateAppKitOptions, createAppKit } from '../index.ts'
export type { AppKitButtonProps } from './jsxElements.ts'

/** AppKit's `type Provider` of `@reown/appkit/react`: the EVM wallet's EIP-1193 provider. */
export type Provider = Eip1193Provider

// Reown AppKit's React hooks (`@reown/appkit/react`), over the modal `createAppKit()` made: each one
// is `useSyncExternalStore` over one of its `subscribe*` methods (useSubscription.ts).

/** `open()` and `close()`, as AppKit's `useAppKit`. */
export function useAppKit(): { open(options?: AppKitOpenOptions): Promise<void>; close(): Promise<void> } {
  const appkit = currentAppKit()
  return { open: (options) => appkit.open(options), close: () => appkit.close() }
}

/** The account, as AppKit's `useAppKitAccount` (`{ namespace }` picks one; default the active one). */
export function useAppKitAccount(options: { namespace?: Namespace } = {}): AppKitAccount {
  const appkit = currentAppKit()
  const { namespace } = options
  return useSubscription(
    (callback) => appkit.subscribeAccount(callback, namespace),
    () => appkit.getAccount(namespace),
    namespace ?? '',
  )
}

/** What `useAppKitNetwork` gives: the network, its ids, and `switchNetwork`. */
export type UseAppKitNetworkReturn = {
  caipNetwork: NetworkSummary | undefined
  chainId: number | string | undefined
  caipNetworkId: string | undefined
  switchNetwork(network: string | AppKitNetworkObject): Promise<void>
}

/**
 * The selected network without `switchNetwork`, as AppKit's `useAppKitNetworkCore` (the same
 * subscription as `useAppKitNetwork`).
 */
export function useAppKitNetworkCore(): Omit<UseAppKitNetworkReturn, 'switchNetwork'> {
  const appkit = currentAppKit()
  const read = () => ({
    caipNetwork: appkit.getCaipNetwork(),
    chainId: appkit.getChainId(),
    caipNetworkId: appkit.getCaipNetworkId(),
  })
  // The getters also change when the modal first selects its default network after `init()`, which
  // the state (its `selectedNetworkId`) reports: read them again on each state change too.
  return useSubscription(
    (callback) => {
      const stopNetwork = appkit.subscribeNetwork(({ caipNetwork, chainId, caipNetworkId }) =>
        callback({ caipNetwork, chainId, caipNetworkId }),
      )
      const stopState = appkit.subscribeState(() => callback(read()))
      return () => {
        stopNetwork()
        stopState()
      }
    },
    read,
    '',
  )
}

/** The selected network, as AppKit's `useAppKitNetwork`. */
export function useAppKitNetwork(): UseAppKitNetworkReturn {
  const appkit = currentAppKit()
  return { ...useAppKitNetworkCore(), switchNetwork: (next) => appkit.switchNetwork(next) }
}

/** The connected wallet's provider of a namespace, as AppKit's `useAppKitProvider`. */
export function useAppKitProvider<T = Eip1193Provider | SolanaProvider | BitcoinProvider>(
  namespace: Namespace,
): { walletProvider: T | undefined; walletProviderType: string | undefined } {
  const appkit = currentAppKit()
  const provider = useSubscription<Eip1193Provider | SolanaProvider | BitcoinProvider | undefined>(
    (callback) =>
      appkit.subscribeProviders((providers) =>
        callback(
          (providers as Partial<Record<Namespace, Eip1193Provider | SolanaProvider | BitcoinProvider>>)[
            namespace
          ],
        ),
      ),
    () => (appkit.getAddress(namespace) ? appkit.getProvider(namespace) : undefined),
    namespace,
  )
  const walletInfo = useSubscription(
    (callback) => appkit.subscribeWalletInfo(callback, namespace),
    () => appkit.getWalletInfo(namespace),
    namespace,
  )
  return {
    walletProvider: provider as T | undefined,
    walletProviderType: provider ? walletInfo?.type : undefined,
  }
}

/** The modal's state, as AppKit's `useAppKitState`. */
export function useAppKitState(): AppKitState {
  const appkit = currentAppKit()
  return useSubscription(
    (callback) => appkit.subscribeState(callback),
    () => appkit.getState(),
    '',
  )
}

/** The theme and its setters, as AppKit's `useAppKitTheme`. */
export function useAppKitTheme(): AppKitTheme & {
  setThemeMode(mode: ThemeMode): Promise<void>
  setThemeVariables(variables: ThemeVariables): Promise<void>
} {
  const appkit = currentAppKit()
  const theme = useSubscription(
    (callback) => appkit.subscribeTheme(callback),
    () => ({ themeMode: appkit.getThemeMode(), themeVariables: appkit.getThemeVariables() }),
    '',
  )
  return {
    ...theme,
    setThemeMode: (mode) => appkit.setThemeMode(mode),
    setThemeVariables: (variables) => appkit.setThemeVariables(variables),
  }
}

/** The modal's last event, as AppKit's `useAppKitEvents` (`data` is `undefined` until the first). */
export function useAppKitEvents(): { timestamp: number; data: ModalEvent | undefined } {
  const appkit = currentAppKit()
  const [initial] = useState(() => ({ timestamp: Date.now(), data: undefined }))
  return useSubscription<{ timestamp: number; data: ModalEvent | undefined }>(
    (callback) => appkit.subscribeEvents((data) => callback({ timestamp: Date.now(), data })),
    () => initial,
    '',
  )
}

/** `disconnect()`, as AppKit's `useDisconnect`. */
export function useDisconnect(): { disconnect(options?: { namespace?: Namespace }): Promise<void> } {
  const appkit = currentAppKit()
  return { disconnect: (options = {}) => appkit.disconnect(options.namespace) }
}

/** The connected wallet's name and icon, as AppKit's `useWalletInfo`. */
export function useWalletInfo(options: { namespace?: Namespace } = {}): {
  walletInfo: AppKitWalletInfo | undefined
} {
  const appkit = currentAppKit()
  const { namespace } = options
  const walletInfo = useSubscription(
    (callback) => appkit.subscribeWalletInfo(callback, namespace),
    () => appkit.getWalletInfo(namespace),
    namespace ?? '',
  )
  return { walletInfo }
}
