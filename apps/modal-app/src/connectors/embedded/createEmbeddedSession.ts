import {
  type AccountState,
  AppKitError,
  AuthInitFailedError,
  type CaipAddress,
  EMBEDDED_CONNECTOR_ID,
  type FrameUser,
  type Namespace,
  type SocialProvider,
  SomethingWentWrongError,
} from '@modalkit/protocol'
import { CONNECT_TIMEOUT_MS } from '@modalkit/shared'
import {
  accountsAtom,
  emailFlowAtom,
  hostOriginAtom,
  networksAtom,
  optionsAtom,
  selectedNetworkIdAtom,
} from '../../state/atoms.ts'
import { settlePreferredAccountType } from '../../state/preferredAccountType.ts'
import { setPendingStatus } from '../../state/setPendingStatus.ts'
import type { EmbeddedContext } from './EmbeddedContext.ts'
import { EMBEDDED_KEYS, type EmbeddedStorage } from './embeddedStorage.ts'

/** The words shown for a failed step: an error's own SPEC §8 words, else a general sentence. */
export const messageOf = (error: unknown) =>
  (error instanceof AppKitError ? error : new SomethingWentWrongError()).shortMessage

/**
 * The steps every embedded login shares (SPEC §4): telling the frame which site asks, marking the
 * namespaces connecting, and once the frame has a user, its accounts, account type and storage.
 */
export function createEmbeddedSession(ctx: EmbeddedContext, storage: EmbeddedStorage) {
  const { store } = ctx

  /** The frame's user as account state, on the selected chain of each namespace. */
  const applyUser = (user: FrameUser) => {
    const networks = store.get(networksAtom)
    const selected = store.get(selectedNetworkIdAtom)
    const chainOf = (namespace: Namespace) =>
      networks.find((n) => n.caipNetworkId === selected && n.chainNamespace === namespace) ??
      networks.find((n) => n.chainNamespace === namespace)
    const accounts: AccountState[] = []
    for (const account of user.accounts) {
      const network = chainOf(account.namespace)
      if (!network) continue
      accounts.push({
        namespace: account.namespace,
        status: 'connected',
        address: account.address,
        caipAddress: `${network.caipNetworkId}:${account.address}` as CaipAddress,
        type: account.type,
        connectorId: EMBEDDED_CONNECTOR_ID,
      })
    }
    store.set(accountsAtom, (current) => [
      ...current.filter((a) => !accounts.some((b) => b.namespace === a.namespace)),
      ...accounts,
    ])
  }

  const session = {
    applyUser,

    setStatus: (status: 'connecting' | 'disconnected') =>
      store.set(accountsAtom, (accounts) => setPendingStatus(accounts, ['eip155', 'solana'], status)),

    /**
     * Tells the frame which site asks. A loaded frame that does not answer is SPEC §8's 'A problem
     * occurred while trying initialize authentication': nothing of the login has started.
     */
    async syncDapp() {
      const name = store.get(optionsAtom)?.metadata?.name
      try {
        return await ctx.frame().request(
          'SYNC_DAPP_DATA',
          {
            projectId: ctx.projectId,
            sdkVersion: ctx.version,
            siteOrigin: store.get(hostOriginAtom) ?? '',
            ...(name ? { name } : {}),
          },
          CONNECT_TIMEOUT_MS,
        )
      } catch (error) {
        // A frame that never loaded keeps its own alert ('Network Error - Could not load embedded
        // wallet'); one that loaded but did not answer could not start the login.
        if (error instanceof AppKitError && error.code === 'iframe_request_timeout')
          throw new AuthInitFailedError(error.details)
        throw error
      }
    },

    /** The frame logged the user in: the wallet connects, and the modal closes. */
    async finish(social?: SocialProvider | 'farcaster'): Promise<void> {
      // A wallet just made shows its recovery text in the secure frame first, and is usable (GET_USER
      // answers) only once the user typed it back there (issue 14); they take the time they need, so
      // no timeout.
      await ctx.frame().request('EXPORT_RECOVERY', {})
      const user = await ctx.frame().request('GET_USER', {}, CONNECT_TIMEOUT_MS)
      applyUser(user)
      const evmAddress = user.accounts.find((a) => a.namespace === 'eip155')?.address
      const type = await settlePreferredAccountType(
        ctx.frame(),
        ctx.storage,
        store.get(optionsAtom)?.defaultAccountTypes,
        evmAddress,
      )
      store.set(accountsAtom, (accounts) =>
        accounts.map((a) =>
          a.namespace === 'eip155' && a.connectorId === EMBEDDED_CONNECTOR_ID ? { ...a, type } : a,
        ),
      )
      const email = social ? undefined : store.get(emailFlowAtom)?.email
      // SPEC §4: on success the e-mail and the login-used flag are stored, the last login time cleared.
      if (email) storage.write(EMBEDDED_KEYS.email, email)
      if (social) storage.write(EMBEDDED_KEYS.socialProvider, social)
      storage.write(EMBEDDED_KEYS.loginUsed, 'true')
      storage.write(EMBEDDED_KEYS.lastLoginTime, undefined)
      store.set(emailFlowAtom, undefined)
      ctx.analytics.track('CONNECT_SUCCESS', { name: social ?? 'Email' })
      ctx.close()
    },

    /**
     * Restores with the recovery text, typed into the secure frame's own screen (issue 14: never into
     * the modal). The user takes the time they need, so no timeout; the frame's screen shows errors.
     */
    async restoreInFrame(social?: SocialProvider | 'farcaster'): Promise<void> {
      const setFlow = (error: string | undefined) =>
        store.set(emailFlowAtom, (flow) => (flow ? { ...flow, step: 'recovery', error } : flow))
      setFlow(undefined)
      try {
        await ctx.frame().request('CONNECT_RECOVERY', {})
        await session.finish(social)
      } catch (error) {
        setFlow(messageOf(error))
      }
    },
  }
  return session
}

export type EmbeddedSession = ReturnType<typeof createEmbeddedSession>
