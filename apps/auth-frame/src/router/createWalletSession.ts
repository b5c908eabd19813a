import {
  type AccountType,
  AppKitError,
  InvalidProjectIdError,
  NotConnectedToEmbeddedError,
  type SmartAccountsReply,
  SmartAccountUnavailableError,
  UserRejectedRequestError,
} from '@modalkit/protocol'
import { EOA_REQUESTS, planRequest } from '../requests/requestRegistry.ts'
import { createSmartAccounts } from '../smartAccount/createSmartAccounts.ts'
import type { EmbeddedWallet } from '../wallet/createEmbeddedWallet.ts'
import { caip } from './caip.ts'
import type { FrameHandlersContext } from './FrameHandlersContext.ts'
import { createSignInAtLogin } from './signInAtLogin.ts'
import type { FrameHandlers } from './startRouter.ts'

type SessionContext = Pick<
  FrameHandlersContext,
  'wallet' | 'openWallet' | 'projectId' | 'chain' | 'smartAccounts' | 'smartAccountEndpoints'
>

/**
 * The wallet session: the site served, the account type in use (SET_PREFERRED_ACCOUNT) and the smart
 * accounts behind it, and the site's sign-in a login may grant (`SIWX_SIGN_AT_LOGIN`). The other
 * rooms reach the wallet and the site through it.
 */
export function createWalletSession(ctx: SessionContext) {
  let site = ''
  const atLogin = createSignInAtLogin()

  const wallet = (): EmbeddedWallet => {
    const current = ctx.wallet()
    if (!current) throw new AppKitError({ code: 'not_ready', shortMessage: 'The modal is not ready yet' })
    return current
  }

  let preferred: AccountType = 'eoa'
  let settings: Promise<SmartAccountsReply> | undefined
  const smartSettings = () => {
    settings ??= ctx.smartAccounts(site).catch((error: unknown) => {
      settings = undefined
      throw error
    })
    return settings
  }
  const smart = createSmartAccounts({
    settings: smartSettings,
    owner: () => wallet().smartAccountOwner(),
    endpoints: (chain) => ctx.smartAccountEndpoints(site, chain),
  })
  /** The smart account on the modal's EVM network (SWITCH_NETWORK); none where it has no bundler. */
  const currentSmart = async () => smart.session(caip('eip155', ctx.chain.id))

  const userOf = async () => {
    const user = wallet().getUser()
    if (!user) throw new NotConnectedToEmbeddedError()
    const eoa = {
      email: user.email,
      address: user.address,
      chainId: ctx.chain.id,
      accounts: user.accounts.map((account) => ({ ...account })),
      preferredAccountType: 'eoa' as AccountType,
    }
    const session = preferred === 'smartAccount' ? await currentSmart() : undefined
    if (!session) return eoa
    return {
      ...eoa,
      address: session.address,
      accounts: user.accounts.map((account) =>
        account.namespace === 'eip155'
          ? { namespace: 'eip155' as const, address: session.address, type: 'smartAccount' as const }
          : { ...account },
      ),
      preferredAccountType: 'smartAccount' as const,
      smartAccountDeployed: await session.isDeployed(),
    }
  }

  const handlers: Pick<
    FrameHandlers,
    | 'SYNC_DAPP_DATA'
    | 'GET_USER'
    | 'SET_PREFERRED_ACCOUNT'
    | 'SIWX_SIGN_AT_LOGIN'
    | 'GET_SMART_ACCOUNT_ENABLED_NETWORKS'
    | 'IS_CONNECTED'
  > = {
    async SYNC_DAPP_DATA({ projectId, siteOrigin }) {
      if (projectId !== ctx.projectId) throw new InvalidProjectIdError(`projectId: ${projectId}`)
      site = siteOrigin
      if (!ctx.wallet()) ctx.openWallet(siteOrigin)
      return {}
    },
    async GET_USER() {
      return userOf()
    },
    /**
     * SPEC §4: the account type the user or the site prefers. A smart account needs a network with a
     * bundler; without one it is refused and the EOA stays.
     */
    async SET_PREFERRED_ACCOUNT({ type }) {
      const user = wallet().getUser()
      if (!user) throw new NotConnectedToEmbeddedError()
      if (type === 'eoa') {
        preferred = 'eoa'
        return { type, address: user.address }
      }
      const session = await currentSmart().catch((error: unknown) => {
        throw new SmartAccountUnavailableError(error instanceof Error ? error.message : String(error))
      })
      if (!session) throw new SmartAccountUnavailableError(`no bundler on ${caip('eip155', ctx.chain.id)}`)
      preferred = 'smartAccount'
      return { type, address: session.address }
    },
    async SIWX_SIGN_AT_LOGIN({ message }) {
      const current = wallet()
      const user = current.getUser()
      if (!user) throw new NotConnectedToEmbeddedError()
      const request = atLogin.take(message, site, user)
      // The login the user typed in this frame, whose screen said it also signs in, is the approval;
      // the signature still comes only from the registry's plan for the method.
      const plan = await planRequest(EOA_REQUESTS, { wallet: current }, request)
      const result = await plan.perform(new AbortController().signal)
      const signature =
        typeof result === 'string' ? result : (result as { signature?: unknown } | null)?.signature
      if (typeof signature !== 'string') throw new UserRejectedRequestError('no signature')
      return { signature }
    },
    async GET_SMART_ACCOUNT_ENABLED_NETWORKS() {
      return { networks: await smart.networks() }
    },
    async IS_CONNECTED() {
      return { isConnected: await wallet().isConnected() }
    },
  }

  return {
    handlers,
    wallet,
    /** The site the modal serves (SYNC_DAPP_DATA); '' until it said. */
    site: () => site,
    smart,
    /** The smart account acting on `chain`: none while the user prefers the EOA or the chain has no bundler. */
    smartOn: (chain: string) =>
      preferred === 'smartAccount' && chain.startsWith('eip155:') ? smart.session(chain) : undefined,
    /**
     * A login finished. The site's sign-in may follow in its turn (`SIWX_SIGN_AT_LOGIN`) only after a
     * login the user typed: a code from their mail, or the recovery text in this frame. A social or
     * Farcaster login can finish with no typing at all (a provider session, a click the host page lured
     * onto the modal), so its sign-in gets the approval screen.
     */
    loggedIn<T extends object>(result: T, typed: boolean): T {
      if (!('needsRecovery' in result)) {
        if (typed) atLogin.loggedIn()
        else atLogin.forget()
      }
      return result
    },
    /** The recovery text typed in this frame logged the user in: the site's sign-in may follow. */
    recovered: () => atLogin.loggedIn(),
    /** The login's sign-in follows the recovery text, however long saving it took. */
    recoverySaved: () => atLogin.extend(),
    /** Sign-out: the grant and the account type are forgotten, then the wallet signs out. */
    async signOut() {
      atLogin.forget()
      preferred = 'eoa'
      smart.forget()
      await wallet().signOut()
    },
  }
}

export type WalletSession = ReturnType<typeof createWalletSession>
