import {
  AppKitError,
  type CaipNetworkId,
  formatSiwxMessage,
  type HostClient,
  isInjectedConnector,
  NoActiveCaipAddressError,
  NoActiveCaipNetworkError,
  NoConnectionClientError,
  SignMessageFailedError,
  SiwxNotEnabledError,
} from '@modalkit/protocol'
import { activeConnector, type Connectors } from '../connectors/registry.ts'
import { log } from '../log.ts'
import {
  accountsAtom,
  hasSessionAtom,
  historyAtom,
  hostOriginAtom,
  openAtom,
  optionsAtom,
  selectedNetworkIdAtom,
} from '../state/atoms.ts'
import { activeAccountAtom, selectedNetworkAtom } from '../state/derivedAtoms.ts'
import type { ModalContext } from '../state/ModalContext.ts'
import type { SiwxAccount, SiwxVerifier } from './createVerifier.ts'
import { signSiwxMessage } from './signSiwxMessage.ts'
import { lastSiwxNetworkAtom, siwxFlowAtom } from './siwxAtoms.ts'

export type SiwxDeps = Pick<ModalContext, 'store' | 'analytics' | 'events' | 'close'> & {
  connectors: Connectors
  host: () => HostClient | undefined
  /** The API's verifier, or the site's own when it gave one (`siwx.custom`). */
  verifier: () => SiwxVerifier
  disconnect(namespace: 'eip155' | 'solana'): Promise<void>
  switchNetwork(caipNetworkId: string): Promise<void>
}

/**
 * Sign-in with X (SPEC §4, §5): after connecting, with sign-in on, a supported network and no
 * session, SIWXSignMessage opens. Sessions are looked up again on every account or network change
 * (a reload, a new tab and a switch find them through getSessions), and revoked on disconnect.
 */
export function createSiwx(deps: SiwxDeps) {
  const { store } = deps
  const enabled = () => store.get(optionsAtom)?.siwx !== undefined
  const required = () => store.get(optionsAtom)?.siwx?.required === true

  /** The active account on a configured network of its family: what a session is for. */
  const target = (): SiwxAccount | undefined => {
    const account = store.get(activeAccountAtom)
    const network = store.get(selectedNetworkAtom)
    if (account?.status !== 'connected' || !account.address || !network) return undefined
    if (network.chainNamespace !== account.namespace) return undefined
    if (network.chainNamespace !== 'eip155' && network.chainNamespace !== 'solana') return undefined
    return { chainId: network.caipNetworkId as CaipNetworkId, accountAddress: account.address }
  }

  let checked: string | undefined
  /** Per namespace, the accounts signed in on while this wallet stayed connected (one per chain). */
  const signedIn = new Map<'eip155' | 'solana', SiwxAccount[]>()
  const remember = (namespace: 'eip155' | 'solana', account: SiwxAccount) =>
    signedIn.set(namespace, [
      ...(signedIn.get(namespace) ?? []).filter((a) => a.chainId !== account.chainId),
      account,
    ])

  const open = () => {
    store.set(siwxFlowAtom, { step: 'idle' })
    store.set(historyAtom, ['SIWXSignMessage'])
    if (!store.get(openAtom)) {
      store.set(openAtom, true)
      deps.analytics.track('MODAL_OPEN', { connected: true })
    }
  }

  const check = async () => {
    const account = target()
    const key = account && `${account.chainId}:${account.accountAddress.toLowerCase()}`
    if (!enabled() || !account) {
      checked = undefined
      store.set(hasSessionAtom, false)
      return
    }
    if (key === checked) return
    checked = key
    let sessions: unknown[] = []
    try {
      sessions = await deps.verifier().getSessions(account)
    } catch (error) {
      log.error('could not read the SIWX sessions', error)
    }
    if (key !== checked) return
    store.set(hasSessionAtom, sessions.length > 0)
    if (sessions.length > 0) {
      store.set(lastSiwxNetworkAtom, account.chainId)
      remember(account.chainId.startsWith('solana') ? 'solana' : 'eip155', account)
    } else if (!(await signInAtLogin(account)) && key === checked) open()
  }

  /** The message for `to`: the verifier's fields, the statement, and the site from the handshake. */
  const compose = async (to: SiwxAccount) => {
    const site = store.get(hostOriginAtom)
    if (!site) throw new NoActiveCaipNetworkError('no site origin from the handshake')
    const verifier = deps.verifier()
    const parts = await verifier.createMessage(to)
    const statement = parts.statement ?? store.get(optionsAtom)?.siwx?.statement
    const data = {
      ...parts,
      ...(statement ? { statement } : {}),
      ...to,
      domain: new URL(site).host,
      uri: site,
    }
    return { verifier, data, text: formatSiwxMessage(data) }
  }

  /** A session stored for `to`: the flow is done. */
  const succeed = (namespace: 'eip155' | 'solana', to: SiwxAccount) => {
    checked = `${to.chainId}:${to.accountAddress.toLowerCase()}`
    remember(namespace, to)
    store.set(hasSessionAtom, true)
    store.set(lastSiwxNetworkAtom, to.chainId)
    store.set(siwxFlowAtom, { step: 'idle' })
  }

  /**
   * One approval: a wallet whose login just consented to the sign-in (the embedded wallet)
   * signs it in the same turn. False when it wants its own approval, or anything failed: then
   * SIWXSignMessage opens as for any wallet, and its Sign can retry.
   */
  const signInAtLogin = async (to: SiwxAccount): Promise<boolean> => {
    const namespace = to.chainId.startsWith('solana') ? 'solana' : 'eip155'
    const connector = activeConnector(deps.connectors, store, namespace)
    if (!connector?.signInAtLogin) return false
    try {
      const { verifier, data, text } = await compose(to)
      const signature = await connector.signInAtLogin(data)
      if (!signature) return false
      await verifier.addSession({ data, message: text, signature })
      succeed(namespace, to)
      deps.events.emit('SIWX_AUTH_SUCCESS', { network: to.chainId })
      return true
    } catch (error) {
      log.error('the sign-in at login failed; asking instead', error)
      return false
    }
  }

  // Run after the connector's own moves of this turn (it closes the modal once connected).
  const schedule = () => setTimeout(() => void check(), 0)
  store.sub(accountsAtom, schedule)
  store.sub(selectedNetworkIdAtom, schedule)
  // And once now: its code may come after an account was restored (startSiwx.ts loads it then).
  schedule()

  // Disconnect revokes: a namespace that was signed in and is no longer connected.
  store.sub(accountsAtom, () => {
    for (const [namespace, accounts] of signedIn) {
      const now = store.get(accountsAtom).find((a) => a.namespace === namespace)
      if (now?.status === 'connected') continue
      signedIn.delete(namespace)
      for (const account of accounts) {
        deps
          .verifier()
          .revokeSession(account)
          .catch((e: unknown) => log.error('SIWX revoke', e))
      }
    }
  })

  return {
    /** SIWXSignMessage's Sign: writes the message, has the wallet sign it, stores the session. */
    async sign(): Promise<void> {
      try {
        if (!enabled()) throw new SiwxNotEnabledError()
        const account = store.get(activeAccountAtom)
        if (account?.status !== 'connected' || !account.address) throw new NoActiveCaipAddressError()
        const to = target()
        if (!to) throw new NoActiveCaipNetworkError()
        const namespace = account.namespace === 'solana' ? 'solana' : 'eip155'
        // The wallet's client must be there before a nonce is spent: the page's loader for a browser
        // wallet, the connector (WalletConnect's sign client, the secure frame) for the others.
        const connector = activeConnector(deps.connectors, store, namespace)
        const host = deps.host()
        if (isInjectedConnector(account.connectorId) ? !host : !connector)
          throw new NoConnectionClientError(`no client for ${account.connectorId ?? namespace}`)
        const { verifier, data, text } = await compose(to)
        store.set(siwxFlowAtom, { step: 'signing', message: text })
        let signature: string
        try {
          signature = await signSiwxMessage({
            text,
            namespace,
            address: to.accountAddress,
            connectorId: account.connectorId,
            network: store.get(selectedNetworkAtom),
            host,
            connector,
          })
        } catch (error) {
          throw new SignMessageFailedError(error instanceof Error ? error.message : undefined, error)
        }
        await verifier.addSession({ data, message: text, signature })
        succeed(namespace, to)
        deps.close()
        deps.events.emit('SIWX_AUTH_SUCCESS', { network: to.chainId })
      } catch (error) {
        const message =
          error instanceof AppKitError ? error.shortMessage : new SignMessageFailedError().shortMessage
        store.set(siwxFlowAtom, { step: 'error', error: message })
        deps.events.emit('SIWX_AUTH_ERROR', { message })
      }
    },

    /** Cancel (SPEC §4): required → back to the last network with a session, else disconnect; else close. */
    async cancel(): Promise<void> {
      store.set(siwxFlowAtom, { step: 'idle' })
      if (!required()) {
        deps.close()
        return
      }
      const last = store.get(lastSiwxNetworkAtom)
      const current = target()
      // Leaving the sign view first: closing is disabled there while the required session is missing.
      store.set(historyAtom, ['Connect'])
      if (last && current && last !== current.chainId) await deps.switchNetwork(last)
      else await deps.disconnect(store.get(activeAccountAtom)?.namespace === 'solana' ? 'solana' : 'eip155')
      deps.close()
    },
  }
}

export type Siwx = ReturnType<typeof createSiwx>
