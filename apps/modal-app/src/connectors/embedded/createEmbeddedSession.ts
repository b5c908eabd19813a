import {
  type AccountState,
  type AccountType,
  AppKitError,
  AuthInitFailedError,
  type CaipAddress,
  EMBEDDED_CONNECTOR_ID,
  type FrameUser,
  type Namespace,
  type SocialProvider,
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
import { settlePreferredAccountType, writePreferredAccountType } from '../../state/preferredAccountType.ts'
import { setPendingStatus } from '../../state/setPendingStatus.ts'
import {
  readSmartAccountNetworks,
  smartAccountNetworksAtom,
  writeSmartAccountNetworks,
} from '../../state/smartAccountNetworks.ts'
import { authProviderOf } from './authProviderOf.ts'
import type { EmbeddedContext } from './EmbeddedContext.ts'
import { messageOf } from './embeddedBasics.ts'
import { EMBEDDED_KEYS, type EmbeddedStorage } from './embeddedStorage.ts'
import { withBitcoinAccount } from './withBitcoinAccount.ts'

/**
 * The steps every embedded login shares (SPEC §4): telling the frame which site asks, marking the
 * namespaces connecting, and once the frame has a user, its accounts, account type and storage.
 */
export function createEmbeddedSession(ctx: EmbeddedContext, storage: EmbeddedStorage) {
  const { store } = ctx

  const storedAuthProvider = (user: FrameUser) =>
    authProviderOf(storage.read(EMBEDDED_KEYS.socialProvider), user)

  /** The frame's user as account state, on the selected chain of each namespace. */
  const applyUser = (user: FrameUser, authProvider = storedAuthProvider(user)) => {
    const login = {
      user: {
        ...(user.email ? { email: user.email } : {}),
        ...(user.userName ? { username: user.userName } : {}),
      },
      ...(authProvider ? { authProvider } : {}),
    }
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
        ...(account.type === 'smartAccount'
          ? { smartAccountDeployed: user.smartAccountDeployed === true }
          : {}),
        connectorId: EMBEDDED_CONNECTOR_ID,
        ...login,
      })
    }
    store.set(accountsAtom, (current) => [
      ...current.filter((a) => !accounts.some((b) => b.namespace === a.namespace)),
      ...accounts,
    ])
  }

  const readUser = async () => applyUser(await ctx.frame().request('GET_USER', {}, CONNECT_TIMEOUT_MS))
  const embeddedEvm = () =>
    store
      .get(accountsAtom)
      .find(
        (a) =>
          a.namespace === 'eip155' && a.connectorId === EMBEDDED_CONNECTOR_ID && a.status === 'connected',
      )

  /** The frame sets a smart account up on the modal's EVM network: it is told which one that is. */
  const syncEvmChain = async () => {
    const networks = store.get(networksAtom).filter((n) => n.chainNamespace === 'eip155')
    const network = networks.find((n) => n.caipNetworkId === store.get(selectedNetworkIdAtom)) ?? networks[0]
    if (network) await ctx.frame().request('SWITCH_NETWORK', { chainId: network.id }, CONNECT_TIMEOUT_MS)
  }

  const session = {
    applyUser,

    /**
     * After a login, or one restored on a new page, before the site sees the account: the user's
     * stored account type, else the site's default, set up in the frame (SPEC §4). A smart account
     * brings its own address, so the user is read again. With a Bitcoin network, the Bitcoin account too.
     */
    async settleAccountType(user: FrameUser): Promise<FrameUser> {
      const networks = await ctx
        .frame()
        .request('GET_SMART_ACCOUNT_ENABLED_NETWORKS', {}, CONNECT_TIMEOUT_MS)
        .then(
          (reply) => {
            const answered = reply.networks.map(String)
            writeSmartAccountNetworks(ctx.storage, answered)
            return answered
          },
          // SPEC §3: without an answer, the networks the frame gave last (kept in local storage).
          () => readSmartAccountNetworks(ctx.storage),
        )
      store.set(smartAccountNetworksAtom, networks)
      if (networks.length > 0) await syncEvmChain().catch(() => {})
      const type = await settlePreferredAccountType(
        ctx.frame(),
        ctx.storage,
        store.get(optionsAtom)?.defaultAccountTypes,
        user.accounts.find((a) => a.namespace === 'eip155')?.address,
      )
      const settled =
        type === 'smartAccount' ? await ctx.frame().request('GET_USER', {}, CONNECT_TIMEOUT_MS) : user
      return withBitcoinAccount(ctx, settled)
    },

    /** The user switches between the EOA and the smart account (SPEC: set preferred account). */
    async switchAccountType(type: AccountType): Promise<void> {
      await syncEvmChain()
      await ctx.frame().request('SET_PREFERRED_ACCOUNT', { type }, CONNECT_TIMEOUT_MS)
      writePreferredAccountType(ctx.storage, 'eip155', type)
      await readUser()
    },

    /** A smart account's first operation deploys it: the site's getAccount() follows. */
    async afterSend(): Promise<void> {
      const evm = embeddedEvm()
      if (evm?.type === 'smartAccount' && evm.smartAccountDeployed !== true) await readUser().catch(() => {})
    },

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
      // answers) only once the user typed it back there; they take the time they need, so
      // no timeout.
      await ctx.frame().request('EXPORT_RECOVERY', {})
      const user = await ctx.frame().request('GET_USER', {}, CONNECT_TIMEOUT_MS)
      applyUser(await session.settleAccountType(user), social ?? (user.email ? 'email' : undefined))
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
     * Restores with the recovery text, typed into the secure frame's own screen (never into
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
