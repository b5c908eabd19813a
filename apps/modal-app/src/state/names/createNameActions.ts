import {
  coinTypeForChain,
  type HostClient,
  NAME_ZONE,
  nameLabelSchema,
  SignMessageFailedError,
} from '@modalkit/protocol'
import { atom } from 'jotai/vanilla'
import type { ApiClient } from '../../api/createApiClient.ts'
import { NameRegistrationError } from '../../api/nameMethods.ts'
import { activeConnector, type Connectors } from '../../connectors/registry.ts'
import type { MessageKey } from '../../i18n/en.ts'
import { translateError } from '../../i18n/flows/describeError.ts'
import { translate } from '../../i18n/translate.ts'
import { log } from '../../log.ts'
import { signSiwxMessage } from '../../siwx/signSiwxMessage.ts'
import { historyAtom, type Store } from '../atoms.ts'
import { activeAccountAtom, selectedNetworkAtom } from '../derivedAtoms.ts'
import { replaceView } from '../viewStack.ts'
import { profileNameAtom } from './profileName.ts'

/** RegisterAccountName's progress: what the view shows under its field. */
export type NameFlow =
  | { step: 'idle' }
  | { step: 'signing' | 'registering'; name: string }
  | { step: 'error'; name: string; message: string }
  | { step: 'done'; name: string }

export const nameFlowAtom = atom<NameFlow>({ step: 'idle' })

export type NameActionsDeps = {
  store: Store
  api: Pick<ApiClient, 'getNameSuggestions' | 'registerName'>
  projectId: string
  connectors: Connectors
  host: () => HostClient | undefined
  now?: () => number
}

/** A typed label (`Alice`, `alice.reown.id`) as the registry's label, or undefined when not one. */
export function toNameLabel(text: string): string | undefined {
  const label = text.trim().toLowerCase().replace(`.${NAME_ZONE}`, '')
  return nameLabelSchema.safeParse(label).success ? label : undefined
}

/**
 * RegisterAccountName's actions: suggestions and availability as the user types, and the
 * registration: the active wallet signs Reown's message (personal_sign; a browser wallet through the
 * loader, the embedded wallet through its secure frame's approval, WalletConnect over the relay), the
 * API verifies it and takes the name, then RegisterAccountNameSuccess shows it.
 */
export function createNameActions(deps: NameActionsDeps) {
  const { store, api, projectId } = deps
  const now = deps.now ?? Date.now
  return {
    suggestions: (label: string) => api.getNameSuggestions(projectId, label),
    async register(label: string): Promise<void> {
      const name = `${label}.${NAME_ZONE}`
      const account = store.get(activeAccountAtom)
      const network = store.get(selectedNetworkAtom)
      const fail = (message: string) => store.set(nameFlowAtom, { step: 'error', name, message })
      const failWith = (key: MessageKey) => fail(translate(store, key))
      if (!toNameLabel(label)) return failWith('account.name.invalid')
      if (account?.status !== 'connected' || account.namespace !== 'eip155' || !account.address)
        return failWith('account.name.needsEvmAccount')
      if (network?.chainNamespace !== 'eip155' || typeof network.id !== 'number')
        return failWith('account.name.needsEvmNetwork')
      const { address, caipAddress } = account
      const message = JSON.stringify({ name, attributes: {}, timestamp: Math.floor(now() / 1000) })
      store.set(nameFlowAtom, { step: 'signing', name })
      let signature: string
      try {
        signature = await signSiwxMessage({
          text: message,
          namespace: 'eip155',
          address,
          connectorId: account.connectorId,
          network,
          host: deps.host(),
          connector: activeConnector(deps.connectors, store, 'eip155'),
        })
      } catch (error) {
        log.warn('the wallet did not sign the name registration', error)
        return fail(translateError(store, new SignMessageFailedError()))
      }
      store.set(nameFlowAtom, { step: 'registering', name })
      try {
        await api.registerName(projectId, {
          coin_type: coinTypeForChain(network.id),
          address,
          message,
          signature,
        })
      } catch (error) {
        // The API's own reason when it gave one (its words, as sent); else ours, in the user's language.
        return error instanceof NameRegistrationError ? fail(error.message) : failWith('account.name.failed')
      }
      if (caipAddress) {
        // A new name keeps the avatar already known for the account.
        const known = store.get(profileNameAtom)
        const avatar = known?.caipAddress === caipAddress ? known.avatar : null
        store.set(profileNameAtom, { caipAddress, name, avatar })
      }
      store.set(nameFlowAtom, { step: 'done', name })
      store.set(historyAtom, (history) => replaceView(history, 'RegisterAccountNameSuccess'))
    },
  }
}

export type NameActions = ReturnType<typeof createNameActions>
