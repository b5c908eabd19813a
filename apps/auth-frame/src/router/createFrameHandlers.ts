import {
  AppKitError,
  ConnectionRejectedError,
  classifyRequest,
  FarcasterConnectFailedError,
  type FrameRequestPayload,
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
import { applyTheme } from '../theme/applyTheme.ts'
import type { EmbeddedWallet } from '../wallet/createEmbeddedWallet.ts'
import {
  createFarcasterChannel,
  type FarcasterChannel,
  type OpenChannel,
} from '../wallet/farcasterChannel.ts'
import { answerSafeRequest, planUnsafeRequest } from './planWalletRequest.ts'
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

/**
 * What the frame does for each SPEC §7 request. Signing happens only after the user approved in
 * this frame's own screen (`showApproval`), one request at a time; key material never leaves.
 */
export function createFrameHandlers(ctx: FrameHandlersContext): FrameHandlers {
  let site = ''
  let deviceWait: AbortController | undefined
  let approval: { cancel(): void; abort: AbortController } | undefined
  let restoring: { cancel(): void } | undefined
  let rotating: AbortController | undefined
  let farcaster: { state: string; channel: OpenChannel; relay: FarcasterChannel } | undefined
  let farcasterWait: AbortController | undefined
  const atLogin = createSignInAtLogin()
  /** A login finished: the site's sign-in may follow in its turn (`SIWX_SIGN_AT_LOGIN`). */
  const loggedIn = <T extends object>(result: T): T => {
    if (!('needsRecovery' in result)) atLogin.loggedIn()
    return result
  }

  const wallet = (): EmbeddedWallet => {
    const current = ctx.wallet()
    if (!current) throw new AppKitError({ code: 'not_ready', shortMessage: 'The modal is not ready yet' })
    return current
  }

  const rpcRequest = async (payload: FrameRequestPayload<'RPC_REQUEST'>): Promise<unknown> => {
    const { method, params, chainId, chainNamespace, rpcUrl, networkName } = payload
    const chain = caip(chainNamespace, chainId)
    if (rpcUrl) ctx.setRpcUrl(chain, rpcUrl)
    const kind = classifyRequest(method)
    if (kind === 'unlisted') throw new RpcNotAllowedError(method)
    const request = { method, params, chainId: chain, chainNamespace }
    if (kind === 'safe') return answerSafeRequest(wallet(), request)
    if (approval)
      throw new AppKitError({ code: 4001, shortMessage: 'Another request is waiting for approval' })
    const abort = new AbortController()
    // Held while the request is prepared (a batch is filled by RPC), so a second one waits its turn.
    const pending = { cancel: () => abort.abort(), abort }
    approval = pending
    try {
      const plan = await planUnsafeRequest(wallet(), request, networkName)
      if (abort.signal.aborted) throw new RequestAbortedError()
      const shown = showApproval({
        description: plan.description,
        site,
        onVisibility: ctx.onApprovalVisibility,
      })
      pending.cancel = shown.cancel
      if (!(await shown.decision)) throw new UserRejectedRequestError('rejected in the secure frame')
      return await plan.perform(abort.signal)
    } finally {
      approval = undefined
    }
  }

  const userOf = () => {
    const user = wallet().getUser()
    if (!user) throw new NotConnectedToEmbeddedError()
    return {
      email: user.email,
      address: user.address,
      chainId: ctx.chain.id,
      accounts: user.accounts,
      preferredAccountType: 'eoa' as const,
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
      const result = loggedIn(await wallet().connectOtp(otp))
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
      const result = loggedIn(await wallet().finishSocial({ code, state, ...(iss ? { iss } : {}) }))
      return 'needsRecovery' in result ? { needsRecovery: true } : {}
    },
    /** Issue 10: a relay channel for this frame's domain with the API's nonce; its link for the QR code. */
    async GET_FARCASTER_URI() {
      const config = ctx.farcaster
      if (!config) throw new FarcasterConnectFailedError('Farcaster login is not configured')
      farcasterWait?.abort()
      farcaster = undefined
      const started = await asFarcasterError(wallet().startFarcaster())
      const relay = createFarcasterChannel({ relayUrl: config.relayUrl, rpcUrl: config.rpcUrl(site) })
      const channel = await asFarcasterError(relay.open(started))
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
     * SPEC §4: the account type the user or the site prefers. Only EOAs exist here so far: a smart
     * account is refused, and the modal keeps the EOA.
     */
    async SET_PREFERRED_ACCOUNT({ type }) {
      const { address } = userOf()
      if (type === 'smartAccount')
        throw new SmartAccountUnavailableError(`no smart account on ${caip('eip155', ctx.chain.id)}`)
      return { type, address }
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
      return { networks: (await ctx.smartAccounts(site)).networks }
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
