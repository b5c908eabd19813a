import {
  type AccountType,
  AppKitError,
  AuthInitFailedError,
  DisconnectFailedError,
  EmailDependencyLoadError,
  FailedToConnectError,
  type ModalHandlers,
  type Namespace,
  NoAuthConnectorError,
  type SocialProvider,
  SomethingWentWrongError,
  type View,
} from '@modalkit/protocol'
import type { ApiClient } from '../api/createApiClient.ts'
import { laterMethods, loadOnce } from '../chunks/loadLater.ts'
import type { FarcasterLink } from '../connectors/embedded/connectFarcaster.ts'
import type { Connectors } from '../connectors/registry.ts'
import { translateError } from '../i18n/flows/describeError.ts'
import { translate } from '../i18n/translate.ts'
import { log } from '../log.ts'
import type { Siwx } from '../siwx/createSiwx.ts'
import type { AccountDataActions } from './accountData/createAccountDataActions.ts'
import {
  accountsAtom,
  alertAtom,
  emailFlowAtom,
  historyAtom,
  networksAtom,
  selectedDirectoryWalletAtom,
} from './atoms.ts'
import type { ConnectionTracker } from './connections.ts'
import type { NetworkActions } from './createNetworkActions.ts'
import type { Notices } from './createNotices.ts'
import type { ModalContext } from './ModalContext.ts'
import { refreshProfileName } from './names/profileName.ts'
import type { PayActions } from './pay/createPayActions.ts'
import { rotateRecovery } from './rotateRecovery.ts'
import { selectNetwork } from './selectNetwork.ts'
import { stopSharingBitcoin } from './stopSharingBitcoin.ts'
import type { SwapDeps } from './swap/createSwapActions.ts'
import { goBack, pushView } from './viewStack.ts'
import type { ListedWallet } from './walletList.ts'
import { createWalletListActions } from './walletListActions.ts'

export type ViewActionsDeps = Pick<ModalContext, 'store' | 'analytics' | 'close'> & {
  api: Pick<
    ApiClient,
    | 'getWallets'
    | 'getSupportedChains'
    | 'getBalances'
    | 'getNfts'
    | 'getHistory'
    | 'getOnrampOptions'
    | 'getOnrampQuote'
    | 'createOnrampUrl'
    | 'rpc'
  > &
    SwapDeps['api'] &
    Partial<Pick<ApiClient, 'getIdentity' | 'getNameSuggestions' | 'registerName' | 'resolveProfileName'>>
  /** The host loader: a browser wallet of the host page signs the Swap's transactions and a name registration through it. */
  host?: SwapDeps['host'] | undefined
  projectId: string
  isMobile: boolean
  connectors: Connectors
  connections: Pick<ConnectionTracker, 'activate' | 'disconnect'>
  networkActions: Pick<NetworkActions, 'switchFromView' | 'pickNetwork' | 'confirmActiveChainSwitch'>
  notices: Pick<Notices, 'showToast'>
  disconnect: ModalHandlers['disconnect']
  assertAllowed(): void
  siwx: Pick<Siwx, 'sign' | 'cancel'>
  /** Pay: the Pay view's button. */
  pay: Pick<PayActions, 'pay'>
}

/** What a feature's actions are made from (`feature(factory)`). */
export type FeatureDeps = ViewActionsDeps & { accountData: AccountDataActions }

/**
 * What the views' buttons do: the one way views change anything. Views read atoms for what they show
 * (derivedAtoms.ts) and get only these actions, never the controller.
 */
export function createViewActions(deps: ViewActionsDeps) {
  const { store, connectors } = deps
  // The Account view's reads come with the first of them (not with the first view).
  const accountDataChunk = loadOnce(() =>
    import('./accountData/createAccountDataActions.ts').then((m) => m.createAccountDataActions(deps)),
  )
  // They never reject (each shows its own failure): a chunk that did not arrive is only logged, so a
  // swap or send that awaits the refresh after its transaction still succeeds.
  const accountData = laterMethods<AccountDataActions>(
    accountDataChunk.get,
    { loadTokens: true, loadNfts: true, loadTransactions: true },
    (error) => log.error('the account data could not be loaded', error),
  )
  const featureDeps: FeatureDeps = { ...deps, accountData }
  const features = new Map<(deps: FeatureDeps) => unknown, unknown>()
  return {
    isMobile: deps.isMobile,
    /** Account view: balances, NFTs and history of the active account. */
    accountData,
    /** The active account's name (Account's identity), read from the API. */
    refreshProfileName: () =>
      deps.api.getIdentity
        ? refreshProfileName(store, { getIdentity: deps.api.getIdentity }, deps.projectId)
        : Promise.resolve(),
    /** The Pay view: connect if needed, then pay. */
    pay: deps.pay,
    /**
     * A feature's actions (Swap, Send, on-ramp, names), made once, on first use, by the
     * factory its view's chunk brings (`useFeature`): the modal's first chunk carries none of them.
     */
    feature<T>(factory: (deps: FeatureDeps) => T): T {
      if (!features.has(factory)) features.set(factory, factory(featureDeps))
      return features.get(factory) as T
    },
    push(view: View): void {
      store.set(historyAtom, (history) => pushView(history, view))
      if (view === 'AllWallets') deps.analytics.track('CLICK_ALL_WALLETS')
      if (view === 'SwitchNetwork') deps.analytics.track('CLICK_NETWORKS')
      if (view === 'WalletSend') deps.analytics.track('OPEN_SEND')
      if (view === 'Swap') deps.analytics.track('OPEN_SWAP')
    },
    back(): void {
      const { history, close: mustClose } = goBack(store.get(historyAtom))
      if (mustClose) deps.close()
      else store.set(historyAtom, history)
    },
    close: (): boolean => deps.close(),
    dismissAlert: () => store.set(alertAtom, undefined),
    showToast: deps.notices.showToast,
    switchNetwork: deps.networkActions.switchFromView,
    pickNetwork: deps.networkActions.pickNetwork,
    confirmActiveChainSwitch: deps.networkActions.confirmActiveChainSwitch,
    /** The wallet directory (AllWallets, the featured wallets) as the site's options shape it. */
    ...createWalletListActions(deps),
    connectInjected: (uuid: string) => connectors.injected.connect(uuid),
    connectBitcoinWallet: (id: string) => connectors.bitcoinWallet.connect(id),
    connectWalletConnect: () => connectors.walletConnect?.connect() ?? Promise.resolve(),
    cancelWalletConnect: () => connectors.walletConnect?.cancel(),
    /** WalletConnect with a listed wallet (AllWallets, featured, recent, the site's own), or any wallet by QR when none. */
    pickWalletConnect(wallet: ListedWallet | undefined): void {
      store.set(selectedDirectoryWalletAtom, wallet)
      store.set(historyAtom, (history) => pushView(history, 'ConnectingWalletConnect'))
    },
    /** E-mail login (SPEC §4); throws 'Please try again after N seconds' within the cooldown. */
    connectEmail(email: string): Promise<void> {
      deps.assertAllowed()
      const { embedded } = connectors
      if (!embedded) throw new EmailDependencyLoadError('no embedded wallet connector')
      return embedded.connectEmail(email).then(() => {
        // SPEC §8 toast: the secure frame could not start, so no login could begin (the flow keeps
        // the error's English words; the toast says them in the user's language).
        const failed = new AuthInitFailedError()
        if (store.get(emailFlowAtom)?.error === failed.shortMessage)
          deps.notices.showToast('error', translateError(store, failed))
      })
    },
    /** Social login in a popup (SPEC §4); its failure shows as a toast with the SPEC §8 words. */
    connectSocial(provider: SocialProvider): void {
      deps.assertAllowed()
      const toast = (error: unknown) =>
        deps.notices.showToast(
          'error',
          translateError(store, error instanceof AppKitError ? error : new FailedToConnectError()),
        )
      // SPEC §8: no embedded wallet (no secure frame configured) to log in with.
      if (!connectors.embedded) {
        toast(new NoAuthConnectorError('no secure frame configured'))
        return
      }
      void connectors.embedded.connectSocial(provider).catch(toast)
    },
    /** Farcaster login: `onLink` gets the QR code's link; rejects with the SPEC §8 words. */
    connectFarcaster(onLink: (link: FarcasterLink) => void): Promise<void> {
      deps.assertAllowed()
      const { embedded } = connectors
      if (!embedded) return Promise.reject(new NoAuthConnectorError('no secure frame configured'))
      return embedded.connectFarcaster(onLink)
    },
    submitOtp: (otp: string) => connectors.embedded?.submitOtp(otp) ?? Promise.resolve(),
    /** The e-mail login's mail again (a new code or device link), once the 30 s cooldown passed. */
    resendEmail: () => connectors.embedded?.resendEmail() ?? Promise.resolve(),
    submitRecovery: () => connectors.embedded?.submitRecovery() ?? Promise.resolve(),
    updateEmail: (email: string) => connectors.embedded?.updateEmail(email) ?? Promise.resolve(),
    submitUpdateOtp: (otp: string) => connectors.embedded?.submitUpdateOtp(otp) ?? Promise.resolve(),
    /** Account: a new recovery text, in the secure frame; a toast says how it ended. */
    rotateRecovery: () =>
      rotateRecovery({ store, embedded: connectors.embedded, showToast: deps.notices.showToast }),
    /** Account: the site no longer sees the embedded wallet's Bitcoin address; a toast says how it ended. */
    stopSharingBitcoin: () =>
      stopSharingBitcoin({ store, embedded: connectors.embedded, showToast: deps.notices.showToast }),
    /** Account: the embedded wallet acts as its smart account or as its EOA; a toast says how it ended. */
    switchAccountType: async (type: AccountType): Promise<void> => {
      try {
        await connectors.embedded?.switchAccountType(type)
        deps.notices.showToast(
          'success',
          translate(store, type === 'smartAccount' ? 'accountType.smartInUse' : 'accountType.eoaInUse'),
        )
      } catch (error) {
        deps.notices.showToast(
          'error',
          translateError(store, error instanceof AppKitError ? error : new SomethingWentWrongError()),
        )
      }
    },
    /** Account offers "New recovery text" only with the embedded wallet connected. */
    embeddedConnected: () => connectors.embedded?.isConnected() === true,
    /** The embedded wallet's e-mail, when it is connected and logged in by e-mail. */
    embeddedEmail: () => (connectors.embedded?.isConnected() ? connectors.embedded.email() : undefined),
    /** ProfileWallets: makes a connected wallet the active one of its namespace. */
    activateConnection(namespace: Namespace, connectorId: string): void {
      deps.connections.activate(namespace, connectorId)
      // The network follows the wallet: the chain its account is on, if configured.
      const account = store.get(accountsAtom).find((a) => a.namespace === namespace)
      const chain = account?.caipAddress?.split(':').slice(0, 2).join(':')
      const network = store.get(networksAtom).find((n) => n.caipNetworkId === chain)
      if (network) selectNetwork(store, network)
    },
    /** ProfileWallets: disconnects one wallet; the next one of its namespace takes over. */
    disconnectConnection: (namespace: Namespace, connectorId: string) =>
      deps.connections.disconnect(namespace, connectorId),
    /** SIWXSignMessage (SPEC §4): sign in with the active wallet, or cancel by SPEC's rule. */
    siwxSign: () => deps.siwx.sign(),
    siwxCancel: () => deps.siwx.cancel(),
    /** Account: disconnects every wallet, then closes; a wallet that would not let go says so. */
    disconnectAll: async (): Promise<void> => {
      try {
        await deps.disconnect(undefined)
      } catch (error) {
        const shown = error instanceof AppKitError ? error : new DisconnectFailedError(undefined, error)
        deps.notices.showToast('error', translateError(store, shown))
        return
      }
      deps.close()
    },
  }
}

/** The narrow type views receive. */
export type ViewActions = ReturnType<typeof createViewActions>
