import {
  type AccountType,
  AppKitError,
  ConnectionRejectedError,
  classifyRequest,
  FarcasterConnectFailedError,
  type FrameRequestPayload,
  HashSigningRefusedError,
  InvalidProjectIdError,
  NotConnectedToEmbeddedError,
  RequestAbortedError,
  RpcNotAllowedError,
  type SmartAccountsReply,
  SmartAccountUnavailableError,
  UserRejectedRequestError,
} from '@modalkit/protocol'
import { showApproval } from '../approval/showApproval.ts'
import { showRecovery } from '../approval/showRecovery.ts'
import { showRestore } from '../approval/showRestore.ts'
import { createFrameLanguage, type FrameLanguage } from '../i18n/frameLanguage.ts'
import { toPersonalMessageBytes } from '../keys/toPersonalMessageBytes.ts'
import { createSmartAccounts, type SmartAccountEndpoints } from '../smartAccount/createSmartAccounts.ts'
import { applyTheme } from '../theme/applyTheme.ts'
import { type BitcoinGrants, createBitcoinGrants } from '../wallet/bitcoin/createBitcoinGrants.ts'
import type { EmbeddedWallet } from '../wallet/createEmbeddedWallet.ts'
import { createMemorySessionStore } from '../wallet/createMemorySessionStore.ts'
import type { FarcasterChannel, OpenChannel } from '../wallet/farcasterChannel.ts'
import { isBitcoinShared, planBitcoinShare, refuseUnlessAsking } from './planBitcoinShare.ts'
import { answerSafeRequest, isSilentBitcoinRead, planUnsafeRequest } from './planWalletRequest.ts'
import { createSignInAtLogin } from './signInAtLogin.ts'
import type { FrameHandlers } from './startRouter.ts'

export type FrameHandlersContext = {
  /** The wallet, once the modal said which site it serves (SYNC_DAPP_DATA). */
  wallet(): EmbeddedWallet | undefined
  /** Creates the wallet for the site the modal reported. */
  openWallet(siteOrigin: string): EmbeddedWallet
  projectId: string
  /** The chain the modal has selected (SPEC §7 query `chainId`, then SWITCH_NETWORK). */
  chain: { id: number | string }
  /** Remembers the modal's RPC URL per CAIP-2 chain, for the wallet's reads and sends. */
  setRpcUrl(caipChainId: string, url: string): void
  /** Tells the modal the approval screen opened (with its height) or closed. */
  onApprovalVisibility(open: boolean, height?: number): void
  /** Farcaster login (issue 10): the relay, and the registry chain's RPC for the site served. */
  farcaster?: { relayUrl: string; rpcUrl(siteOrigin: string): string }
  /** Issue 10: the API's smart-account settings for this project and the site (`/v1/smart-accounts`). */
  smartAccounts(siteOrigin: string): Promise<SmartAccountsReply>
  /** The API's chain proxy, bundler and paymaster URLs for the site served and a CAIP-2 chain. */
  smartAccountEndpoints(siteOrigin: string, caipChainId: string): SmartAccountEndpoints
  /** The language the screens speak (issue 13): the browser's, then the modal's (SYNC_LOCALE). */
  language?: FrameLanguage
  /** The sites each user allowed to see the Bitcoin address (the secure origin's storage). */
  bitcoinGrants?: BitcoinGrants
}

/** Every failure of a Farcaster login reads 'Failed to connect to farcaster' (SPEC §8), with why. */
const asFarcasterError = async <T>(work: Promise<T>): Promise<T> => {
  try {
    return await work
  } catch (error) {
    if (error instanceof FarcasterConnectFailedError || error instanceof ConnectionRejectedError) throw error
    throw new FarcasterConnectFailedError(error instanceof Error ? error.message : String(error))
  }
}

const caip = (namespace: string, chainId: number | string) => {
  const text = String(chainId)
  return text.includes(':') ? text : `${namespace}:${/^0x/i.test(text) ? Number.parseInt(text, 16) : text}`
}

/** What the owner key is checked for while it owns a smart account (refuseOwnerRequest). */
const OWNER_CHECKED = new Set(['eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_sendCalls'])

/** A personal_sign of exactly 32 bytes: the shape of a user operation's hash. */
const isBareHash = async (params: unknown) => {
  const message = Array.isArray(params) ? params[0] : undefined
  if (typeof message !== 'string') return false
  return toPersonalMessageBytes(message).length === 32
}

/**
 * What the frame does for each SPEC §7 request. Signing happens only after the user approved in
 * this frame's own screen (`showApproval`), one request at a time; key material never leaves.
 */
export function createFrameHandlers(ctx: FrameHandlersContext): FrameHandlers {
  const language = ctx.language ?? createFrameLanguage()
  const bitcoinGrants = ctx.bitcoinGrants ?? createBitcoinGrants(createMemorySessionStore())
  let site = ''
  let deviceWait: AbortController | undefined
  let approval: { cancel(): void; abort: AbortController } | undefined
  let restoring: { cancel(): void } | undefined
  let rotating: AbortController | undefined
  let farcaster: { state: string; channel: OpenChannel; relay: FarcasterChannel } | undefined
  let farcasterWait: AbortController | undefined
  const atLogin = createSignInAtLogin()
  /**
   * A login finished. The site's sign-in may follow in its turn (`SIWX_SIGN_AT_LOGIN`) only after a
   * login the user typed: a code from their mail, or the recovery text in this frame. A social or
   * Farcaster login can finish with no typing at all (a provider session, a click the host page lured
   * onto the modal), so its sign-in gets the approval screen.
   */
  const loggedIn = <T extends object>(result: T, typed: boolean): T => {
    if (!('needsRecovery' in result)) {
      if (typed) atLogin.loggedIn()
      else atLogin.forget()
    }
    return result
  }

  const wallet = (): EmbeddedWallet => {
    const current = ctx.wallet()
    if (!current) throw new AppKitError({ code: 'not_ready', shortMessage: 'The modal is not ready yet' })
    return current
  }

  // Issue 10: the account type in use (SET_PREFERRED_ACCOUNT), and the smart accounts behind it.
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
  /** The smart account acting on `chain`: none while the user prefers the EOA or the chain has no bundler. */
  const smartOn = (chain: string) =>
    preferred === 'smartAccount' && chain.startsWith('eip155:') ? smart.session(chain) : undefined
  /** The smart account on the modal's EVM network (SWITCH_NETWORK); none where it has no bundler. */
  const currentSmart = async () => smart.session(caip('eip155', ctx.chain.id))

  /**
   * With smart accounts on, the EOA owns one (the same address on every chain with a bundler): it
   * neither signs what would be that account's signature nor calls it (refuseOwnerRequest).
   */
  const refuseOwnerActingAsAccount = async (request: { method: string; params: unknown }, chain: string) => {
    if (!chain.startsWith('eip155:') || !OWNER_CHECKED.has(request.method)) return
    const networks = await smart.networks()
    const on = networks.includes(chain) ? chain : networks[0]
    const account = on ? await smart.session(on) : undefined
    if (!account) return
    const { refuseOwnerRequest } = await import('../smartAccount/refuseAccountSignatures.ts')
    refuseOwnerRequest(request, BigInt(chain.slice('eip155:'.length)), account)
  }

  const rpcRequest = async (payload: FrameRequestPayload<'RPC_REQUEST'>): Promise<unknown> => {
    const { method, params, chainId, chainNamespace, rpcUrl, networkName, silent } = payload
    const chain = caip(chainNamespace, chainId)
    if (rpcUrl) ctx.setRpcUrl(chain, rpcUrl)
    // Per namespace: `signMessage` is a Bitcoin method under bip122 only (classifyRequest).
    const kind = classifyRequest(method, chainNamespace)
    if (kind === 'unlisted') throw new RpcNotAllowedError(method)
    const request = { method, params, chainId: chain, chainNamespace }
    // No Bitcoin answer, and so no Bitcoin address, reaches a site the user did not allow.
    const share = chainNamespace === 'bip122' ? { wallet: wallet(), grants: bitcoinGrants, site } : undefined
    const shared = !share || isBitcoinShared(share, request)
    if (!shared) refuseUnlessAsking(request, silent === true)
    if (shared && (kind === 'safe' || isSilentBitcoinRead(request))) {
      const session = await smartOn(chain)
      if (!session) return answerSafeRequest(wallet(), request)
      // Loaded with the first smart-account request: an EOA's frame never loads it.
      const { answerSmartAccountRead } = await import('./planSmartAccountRequest.ts')
      return answerSmartAccountRead({ session, store: wallet().calls.store }, request, await smart.networks())
    }
    if (approval)
      throw new AppKitError({ code: 4001, shortMessage: 'Another request is waiting for approval' })
    const abort = new AbortController()
    // Held while the request is prepared (a batch is filled by RPC), so a second one waits its turn.
    const pending = { cancel: () => abort.abort(), abort }
    approval = pending
    try {
      const session = await smartOn(chain)
      if (
        !session &&
        method === 'personal_sign' &&
        (await isBareHash(params)) &&
        (await smart.networks()).length > 0
      )
        throw new HashSigningRefusedError()
      if (!session) await refuseOwnerActingAsAccount({ method, params }, chain)
      const plan =
        share && !shared
          ? await planBitcoinShare(share, request)
          : session
            ? await (await import('./planSmartAccountRequest.ts')).planSmartAccountRequest(
                { session, wallet: wallet(), store: wallet().calls.store, site },
                request,
              )
            : await planUnsafeRequest(wallet(), request, networkName)
      if (abort.signal.aborted) throw new RequestAbortedError()
      const shown = showApproval({
        description: plan.description,
        site,
        onVisibility: ctx.onApprovalVisibility,
        messages: language.current(),
      })
      pending.cancel = shown.cancel
      if (!(await shown.decision)) throw new UserRejectedRequestError('rejected in the secure frame')
      return await plan.perform(abort.signal)
    } finally {
      approval = undefined
    }
  }

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

  return {
    async SYNC_DAPP_DATA({ projectId, siteOrigin }) {
      if (projectId !== ctx.projectId) throw new InvalidProjectIdError(`projectId: ${projectId}`)
      site = siteOrigin
      if (!ctx.wallet()) ctx.openWallet(siteOrigin)
      return {}
    },
    async SYNC_THEME(theme) {
      applyTheme(theme)
      return {}
    },
    /** Screens opened from now on speak the modal's language; one on screen keeps its own. */
    async SYNC_LOCALE({ locale }) {
      await language.set(locale)
      return {}
    },
    async SWITCH_NETWORK({ chainId }) {
      ctx.chain.id = chainId
      return { chainId }
    },
    async GET_CHAIN_ID() {
      return { chainId: ctx.chain.id }
    },
    async CONNECT_EMAIL({ email }) {
      return wallet().connectEmail(email)
    },
    async CONNECT_DEVICE() {
      deviceWait?.abort()
      deviceWait = new AbortController()
      await wallet().awaitDeviceApproval(deviceWait.signal)
      return {}
    },
    async CONNECT_OTP({ otp }) {
      const result = loggedIn(await wallet().connectOtp(otp), true)
      return 'needsRecovery' in result ? { needsRecovery: true } : {}
    },
    /** The recovery text is typed into this frame's own screen (issue 14), never sent by the modal. */
    async CONNECT_RECOVERY() {
      const current = wallet()
      restoring?.cancel()
      const screen = showRestore({
        restore: async (text) => {
          await current.recover(text)
          atLogin.loggedIn()
        },
        onVisibility: ctx.onApprovalVisibility,
        messages: language.current(),
      })
      restoring = screen
      try {
        await screen.done
      } finally {
        if (restoring === screen) restoring = undefined
      }
      return {}
    },
    async GET_SOCIAL_REDIRECT_URI({ provider }) {
      const { authorizationUrl } = await wallet().connectSocial(
        provider,
        `${location.origin}/oauth-callback.html`,
      )
      return { uri: authorizationUrl }
    },
    async CONNECT_SOCIAL({ uri }) {
      const url = new URL(uri)
      if (url.origin !== location.origin) throw new ConnectionRejectedError('callback from another origin')
      const code = url.searchParams.get('code')
      const state = url.searchParams.get('state')
      // `iss` only where the provider sends it (RFC 9207: Google does; GitHub, X, Discord, Facebook, Apple do not).
      const iss = url.searchParams.get('iss') ?? undefined
      if (!code || !state) throw new ConnectionRejectedError('callback without code or state')
      const result = loggedIn(await wallet().finishSocial({ code, state, ...(iss ? { iss } : {}) }), false)
      return 'needsRecovery' in result ? { needsRecovery: true } : {}
    },
    /** Issue 10: a relay channel for this frame's domain with the API's nonce; its link for the QR code. */
    async GET_FARCASTER_URI() {
      const config = ctx.farcaster
      if (!config) throw new FarcasterConnectFailedError('Farcaster login is not configured')
      farcasterWait?.abort()
      farcaster = undefined
      // The relay client (and the chain library its check needs) loads only for a Farcaster login.
      const [started, { createFarcasterChannel }] = await Promise.all([
        asFarcasterError(wallet().startFarcaster()),
        import('../wallet/farcasterChannel.ts'),
      ])
      const relay = createFarcasterChannel({ relayUrl: config.relayUrl, rpcUrl: config.rpcUrl(site) })
      const channel = await asFarcasterError(relay.open({ ...started, siteOrigin: site }))
      farcaster = { state: started.state, channel, relay }
      return { url: channel.url, expiresAt: channel.expiresAt }
    },
    /** Waits for the approval, verifies the message here, then the API logs in (and verifies again). */
    async CONNECT_FARCASTER() {
      const pending = farcaster
      if (!pending) throw new FarcasterConnectFailedError('no Farcaster sign-in request open')
      farcasterWait?.abort()
      const abort = new AbortController()
      farcasterWait = abort
      try {
        const signed = await asFarcasterError(pending.relay.wait(pending.channel, abort.signal))
        farcaster = undefined
        const { message, signature } = signed
        const result = loggedIn(
          await asFarcasterError(wallet().finishFarcaster({ state: pending.state, message, signature })),
          false,
        )
        const userName = signed.username ?? `fid:${signed.fid}`
        return 'needsRecovery' in result ? { userName, needsRecovery: true } : { userName }
      } finally {
        if (farcasterWait === abort) farcasterWait = undefined
        // A channel is answered once: another try asks for a new one (GET_FARCASTER_URI).
        if (farcaster === pending) farcaster = undefined
      }
    },
    async GET_USER() {
      return userOf()
    },
    /**
     * SPEC §4: the account type the user or the site prefers (issue 10). A smart account needs a
     * network with a bundler; without one it is refused and the EOA stays.
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
      const result = await current.sign(request)
      const signature =
        typeof result === 'string' ? result : (result as { signature?: unknown } | null)?.signature
      if (typeof signature !== 'string') throw new UserRejectedRequestError('no signature')
      return { signature }
    },
    async GET_SMART_ACCOUNT_ENABLED_NETWORKS() {
      return { networks: await smart.networks() }
    },
    /** The user stops sharing the Bitcoin address with the site served: its grant alone goes. */
    async REVOKE_BITCOIN_GRANT() {
      const user = wallet().getUser()
      if (!user) throw new NotConnectedToEmbeddedError()
      bitcoinGrants.revoke(user.userId, site)
      return {}
    },
    async IS_CONNECTED() {
      return { isConnected: await wallet().isConnected() }
    },
    async SIGN_OUT() {
      deviceWait?.abort()
      farcasterWait?.abort()
      restoring?.cancel()
      rotating?.abort(new AppKitError({ code: 4001, shortMessage: 'The recovery text was not changed' }))
      approval?.cancel()
      atLogin.forget()
      preferred = 'eoa'
      smart.forget()
      await wallet().signOut()
      return {}
    },
    async EXPORT_RECOVERY() {
      const current = wallet()
      const text = current.exportRecovery()
      if (text === null) return { shown: false }
      await showRecovery({
        text,
        confirm: (typed) => current.confirmRecovery(typed),
        onVisibility: ctx.onApprovalVisibility,
        messages: language.current(),
      })
      // The login's sign-in follows the recovery text, however long saving it took.
      atLogin.extend()
      return { shown: true }
    },
    /**
     * Issue 14: a new recovery text, on the user's explicit request. The new text is shown here only;
     * the auth share is replaced once it was typed back (`confirmRecovery`). Until then, or if the
     * frame goes away first (a reload, a closed tab), the old text stays the valid one.
     */
    async ROTATE_RECOVERY() {
      const current = wallet()
      // A second request (the modal was closed and the user asked again) replaces the first screen,
      // as the wallet replaces the first unconfirmed rotation: neither changed anything yet.
      rotating?.abort(new AppKitError({ code: 4001, shortMessage: 'The recovery text was not changed' }))
      const abort = new AbortController()
      rotating = abort
      try {
        const text = await current.rotateRecovery()
        await showRecovery({
          text,
          confirm: (typed) => current.confirmRecovery(typed),
          onVisibility: ctx.onApprovalVisibility,
          signal: abort.signal,
          messages: language.current(),
        })
      } finally {
        if (rotating === abort) rotating = undefined
      }
      return {}
    },
    RPC_REQUEST: rpcRequest,
    /** The modal closed (SPEC §4): the approval on screen, or a recovery-text rotation, is given up. */
    async RPC_ABORT() {
      farcasterWait?.abort()
      approval?.abort.abort()
      approval?.cancel()
      rotating?.abort(new AppKitError({ code: 4001, shortMessage: 'The recovery text was not changed' }))
      return {}
    },
    async UPDATE_EMAIL({ email }) {
      return wallet().updateEmail(email)
    },
    async UPDATE_EMAIL_PRIMARY_OTP({ otp }) {
      return wallet().verifyPrimaryOtp(otp)
    },
    async UPDATE_EMAIL_SECONDARY_OTP({ otp }) {
      return wallet().verifySecondaryOtp(otp)
    },
  }
}
