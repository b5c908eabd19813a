import { AppKitError, EMBEDDED_CONNECTOR_ID, type Namespace } from '@modalkit/protocol'
import { activeConnector, type Connectors, connectorOf } from '../connectors/registry.ts'
import { translateError } from '../i18n/flows/describeError.ts'
import { translate } from '../i18n/translate.ts'
import { ALERTS } from './alerts.ts'
import { accountsAtom, activeChainAtom, activeChainTargetAtom, historyAtom, networksAtom } from './atoms.ts'
import type { Notices } from './createNotices.ts'
import { currentViewAtom } from './derivedAtoms.ts'
import type { ModalContext } from './ModalContext.ts'
import { needsActiveChainSwitch } from './needsActiveChainSwitch.ts'
import { findConfiguredNetwork } from './resolveNetworks.ts'
import { selectNetwork } from './selectNetwork.ts'
import { pushView } from './viewStack.ts'

export type NetworkActionsDeps = Pick<ModalContext, 'store' | 'analytics' | 'close'> & {
  connectors: Connectors
  notices: Pick<Notices, 'showAlert' | 'showToast'>
  assertAllowed(): void
}

/** Switching networks (SPEC §2, §5): asked by the host, or picked in a view. */
export function createNetworkActions({
  store,
  analytics,
  close,
  connectors,
  notices,
  assertAllowed,
}: NetworkActionsDeps) {
  const isEmbeddedLoggedIn = () =>
    store.get(accountsAtom).some((a) => a.connectorId === EMBEDDED_CONNECTOR_ID && a.status === 'connected')

  /** A configured network, else 'Network Not Found'; the wallet active in its family follows first. */
  const switchNetwork = async (id: string): Promise<void> => {
    const network = findConfiguredNetwork(store.get(networksAtom), id)
    // An embedded login has a Bitcoin account it shares only once asked (its switchChain).
    const connector =
      activeConnector(connectors, store, network.chainNamespace) ??
      (network.chainNamespace === 'bip122' && isEmbeddedLoggedIn()
        ? connectorOf(connectors, EMBEDDED_CONNECTOR_ID)
        : undefined)
    await connector?.switchChain(network)
    selectNetwork(store, network)
    analytics.track('SWITCH_NETWORK', { network: network.caipNetworkId })
  }

  /** A switch the user asked for in a view: the outcome shows as a toast, or an alert (SPEC §8). */
  const switchFromView = async (id: string): Promise<void> => {
    try {
      assertAllowed()
      await switchNetwork(id)
      notices.showToast('success', translate(store, 'switchNetwork.done'))
      if (store.get(currentViewAtom) === 'UnsupportedChain') close()
    } catch (error) {
      if (error instanceof AppKitError && ALERTS[error.code]) notices.showAlert(error)
      else
        notices.showToast(
          'error',
          error instanceof AppKitError
            ? translateError(store, error)
            : translate(store, 'switchNetwork.failed'),
        )
    }
  }

  return {
    switchNetwork,
    switchFromView,

    /**
     * A network picked in the list: switched to at once, unless it is of another chain family that the
     * connected wallet cannot follow; then SwitchActiveChain asks first (SPEC §2).
     */
    async pickNetwork(id: string): Promise<void> {
      const network = store.get(networksAtom).find((n) => n.caipNetworkId === id)
      if (
        network &&
        needsActiveChainSwitch(network.chainNamespace, store.get(activeChainAtom), store.get(accountsAtom))
      ) {
        store.set(activeChainTargetAtom, network.caipNetworkId as `${Namespace}:${string}`)
        store.set(historyAtom, (history) => pushView(history, 'SwitchActiveChain'))
        return
      }
      await switchFromView(id)
    },

    /** SwitchActiveChain confirmed: that family becomes active, and Connect offers its wallets. */
    async confirmActiveChainSwitch(): Promise<void> {
      const id = store.get(activeChainTargetAtom)
      if (!id) return
      await switchFromView(id)
      // A failed switch shows its toast and stays here, target kept, to try again or cancel.
      if (store.get(activeChainAtom) !== id.split(':')[0]) return
      store.set(activeChainTargetAtom, undefined)
      store.set(historyAtom, ['Connect'])
    },
  }
}

export type NetworkActions = ReturnType<typeof createNetworkActions>
