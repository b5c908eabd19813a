import { NamespaceNotConfiguredError, type OpenArgs } from '@modalkit/protocol'
import { afterNextPaint } from './afterNextPaint.ts'
import { assertAdapter } from './assertAdapter.ts'
import {
  activeChainAtom,
  historyAtom,
  networksAtom,
  openAtom,
  optionsAtom,
  sitePairingUriAtom,
  swapArgsAtom,
  toastAtom,
} from './atoms.ts'
import { activeAccountAtom, closeDisabledAtom, currentViewAtom, isConnectedAtom } from './derivedAtoms.ts'
import type { ModalContext } from './ModalContext.ts'
import { pickViewOnOpen } from './pickViewOnOpen.ts'
import { rotatingRecoveryAtom } from './rotateRecovery.ts'
import { viewOnClose } from './viewStack.ts'

export type OpenCloseDeps = Pick<ModalContext, 'store' | 'analytics'> & {
  isMobile: boolean
  shake(): void
  /** SPEC §4: closing rejects a request still waiting for its approval. */
  abortPending(): void
  switchNetwork(caipNetworkId: string): Promise<void>
  refreshBalance(): Promise<void>
  /** SPEC §4: opening prefetches what connecting needs. */
  preload(): void
  /**
   * Applies a state change and renders it before returning (react-dom's `flushSync` in the app), so
   * the open view is in the DOM for the very next frame: left to the scheduler, its render could
   * queue behind other tasks (a prefetched chunk's evaluation) and miss frames.
   */
  commitNow?(update: () => void): void
}

/** Opening and closing the modal (SPEC §2, §4). */
export function createOpenClose({ store, analytics, isMobile, shake, abortPending, ...deps }: OpenCloseDeps) {
  const connected = () => store.get(isConnectedAtom)
  const commitNow = deps.commitNow ?? ((update: () => void) => update())

  const close = (): boolean => {
    const embedded = store.get(optionsAtom)?.enableEmbedded === true
    if (!store.get(openAtom) && !embedded) return true
    if (store.get(closeDisabledAtom)) {
      shake()
      return false
    }
    // A recovery-text rotation on the secure frame's screen is given up too: the old text stays.
    if (store.get(currentViewAtom) === 'ApproveTransaction' || store.get(rotatingRecoveryAtom)) abortPending()
    store.set(historyAtom, [viewOnClose({ embedded, connected: connected() })])
    store.set(toastAtom, undefined)
    store.set(sitePairingUriAtom, undefined)
    if (!embedded) {
      store.set(openAtom, false)
      analytics.track('MODAL_CLOSE', { connected: connected() })
    }
    return true
  }

  const open = async (args: OpenArgs = {}): Promise<void> => {
    const options = store.get(optionsAtom)
    // SPEC §2: another namespace than the active one switches network instead of changing view; one
    // with no network the site configured is refused (SPEC §8 'Namespace is not configured').
    if (args.namespace && args.namespace !== store.get(activeChainAtom)) {
      assertAdapter(store, args.namespace)
      const target = store.get(networksAtom).find((n) => n.chainNamespace === args.namespace)
      if (!target) throw new NamespaceNotConfiguredError(args.namespace)
      void deps.switchNetwork(target.caipNetworkId)
    }
    // AppKit's `open({ uri })`: the site's own pairing is shown where a manual-control open shows one.
    store.set(sitePairingUriAtom, args.uri)
    const view = pickViewOnOpen({
      manualControl: options?.manualControl === true || args.uri !== undefined,
      hasAdapters: (options?.adapters ?? ['eip155', 'solana']).length > 0,
      address: store.get(activeAccountAtom)?.address,
      view: args.view,
      isMobile,
      connected: connected(),
    })
    if (args.view === 'Swap') store.set(swapArgsAtom, args.arguments)
    // The state flips and renders first, so the prefetches below do not delay the first painted frame.
    const wasConnected = connected()
    const opening = !store.get(openAtom)
    commitNow(() => {
      store.set(historyAtom, [view])
      if (opening) store.set(openAtom, true)
    })
    if (opening) analytics.track('MODAL_OPEN', { connected: wasConnected })
    // Once the open modal painted: evaluating the WalletConnect chunk and adding the secure frame
    // would otherwise hold up its first frame and the entrance animation.
    if (wasConnected) afterNextPaint(() => void deps.refreshBalance())
    else afterNextPaint(deps.preload)
  }

  return { open, close }
}
