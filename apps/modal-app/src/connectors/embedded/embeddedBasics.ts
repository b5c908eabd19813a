import {
  AppKitError,
  EMBEDDED_CONNECTOR_ID,
  type Namespace,
  SomethingWentWrongError,
} from '@modalkit/protocol'
import { translate } from '../../i18n/translate.ts'
import { optionsAtom, projectConfigAtom, type Store } from '../../state/atoms.ts'
import { effectiveFeatures } from '../../state/effectiveFeatures.ts'
import type { ConnectorDescription } from '../Connector.ts'
import { hasConnectedAccount } from '../hasConnectedAccount.ts'
import { EMBEDDED_KEYS, type EmbeddedStorage } from './embeddedStorage.ts'

// What the embedded wallet answers without its code (the connector, its logins and the
// secure frame's client load on first use, not with the modal): read by the stand-in the modal starts
// with (createLazyEmbeddedConnector.ts) and by the connector itself, so the two never disagree.

/** The words shown for a failed step: an error's own SPEC §8 words, else a general sentence. */
export const messageOf = (error: unknown) =>
  (error instanceof AppKitError ? error : new SomethingWentWrongError()).shortMessage

/** Whether an embedded wallet's account is the connected one of `namespace` (of any, without one). */
export function isEmbeddedConnected(store: Store, namespace?: Namespace): boolean {
  return hasConnectedAccount(store, EMBEDDED_CONNECTOR_ID, namespace)
}

/** SPEC §4: opening loads the secure frame ahead of need when e-mail or socials are on. */
export function wantsSecureFrame(store: Store): boolean {
  const options = store.get(optionsAtom)
  const { email, socials } = effectiveFeatures(
    options?.features,
    store.get(projectConfigAtom)?.features,
    options?.basic,
  ).features
  return email || (socials !== false && socials.length > 0)
}

/** Whether this browser kept a login of the embedded wallet to restore (SPEC §3). */
export const hasKeptLogin = (storage: EmbeddedStorage) => storage.read(EMBEDDED_KEYS.loginUsed) === 'true'

/** The wallet in ProfileWallets: its e-mail, or without one (a social or Farcaster login) its name in the modal's language. */
export function describeEmbedded(store: Store, storage: EmbeddedStorage): ConnectorDescription {
  return { name: storage.read(EMBEDDED_KEYS.email) ?? translate(store, 'account.wallets.embedded') }
}
