import {
  type AuthUser,
  ConnectionRejectedError,
  type EmailLoginAction,
  type FarcasterFinishRequest,
  type FarcasterStartReply,
  type LoginReply,
  NotConnectedError,
  RequestAbortedError,
  type SocialProvider,
  type SocialStartReply,
  type WalletAddresses,
} from '@modalkit/protocol'
import { AuthApiError } from '../api/authApiErrors.ts'
import type { AuthApiClient } from '../api/createAuthApiClient.ts'
import type { DeviceShareStore } from '../keys/createDeviceShareStore.ts'
import { exportRecovery as toRecoveryText } from '../keys/exportRecovery.ts'
import { matchesRecovery } from '../keys/matchesRecovery.ts'
import { shareX } from '../keys/shareAtX.ts'
import { createPkcePair } from './createPkcePair.ts'
import { createWalletSigning } from './createWalletSigning.ts'
import { ensureKeys } from './ensureKeys.ts'
import { prepareRotation, type Rotation } from './prepareRotation.ts'
import { readDeviceId } from './readDeviceId.ts'
import { recoverKeys } from './recoverKeys.ts'
import { SESSION_KEYS, type SessionStore } from './SessionStore.ts'
import type { WalletRpc } from './WalletRequest.ts'
import { RecoveryMismatchError, WalletStateError } from './walletErrors.ts'

/** The API's login request lifetime (SECURITY.md: codes expire within 10 minutes). */
export const EMAIL_REQUEST_TTL_MS = 10 * 60_000
/** How often `awaitDeviceApproval` asks whether the link in the mail was clicked. */
export const DEVICE_POLL_MS = 2_000

export type EmbeddedWalletUser = {
  userId: string
  email: string | null
  /** The EVM address (SPEC §3 user `address`). */
  address: string
  accounts: { namespace: 'eip155' | 'solana'; address: string; type: 'eoa' }[]
}
export type NeedsRecovery = { needsRecovery: true }
export type ConnectReturnType = EmbeddedWalletUser | NeedsRecovery

export type CreateEmbeddedWalletParameters = {
  api: AuthApiClient
  projectId: string
  /** The site as the browser reported it to the modal: the API checks it and names it in mails. */
  siteOrigin: string
  deviceStore: DeviceShareStore
  sessionStore: SessionStore
  rpc: WalletRpc
  /** Epoch milliseconds; tests pass the API's clock. */
  now?: () => number
  pollIntervalMs?: number
}

const toUser = (user: AuthUser, addresses: WalletAddresses): EmbeddedWalletUser => ({
  userId: user.userId,
  email: user.email,
  address: addresses.eip155,
  accounts: [
    { namespace: 'eip155', address: addresses.eip155, type: 'eoa' },
    { namespace: 'solana', address: addresses.solana, type: 'eoa' },
  ],
})

const abortable = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer)
      reject(new RequestAbortedError())
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal.addEventListener('abort', onAbort, { once: true })
  })

/**
 * The embedded wallet's state machine inside the secure frame: e-mail and social login, key custody
 * (`ensureKeys`, `recoverKeys`), session checks, e-mail update, and signing. Plain TypeScript: the
 * frame's router calls it, its UI shows what `describe` returns. Only public addresses leave it, and
 * the recovery text through `exportRecovery()`.
 */
export function createEmbeddedWallet({
  api,
  projectId,
  siteOrigin,
  deviceStore,
  sessionStore,
  rpc,
  now = Date.now,
  pollIntervalMs = DEVICE_POLL_MS,
}: CreateEmbeddedWalletParameters) {
  let user: EmbeddedWalletUser | undefined
  let addresses: WalletAddresses | undefined
  /** The logged-in account while its keys are not usable here yet (recovery needed). */
  let pendingAccount: AuthUser | undefined
  let recoveryShare: Uint8Array | undefined
  /**
   * A new wallet whose recovery text was not typed back yet: its user is not set, so nothing signs
   * (issue 14: the text must be confirmed before the wallet is usable).
   */
  let unconfirmed: EmbeddedWalletUser | undefined
  /** A recovery-text rotation shown but not confirmed: the old text still works until then. */
  let rotation: Rotation | undefined
  /** Counts rotation starts: only the newest one may become `rotation` (see `rotateRecovery`). */
  let rotationStarts = 0
  let emailLogin: { requestId: string; expiresAt: number } | undefined
  let emailUpdate: { requestId: string; newEmail: string } | undefined
  let social: { state: string; verifier: string } | undefined

  const storedToken = sessionStore.get(SESSION_KEYS.sessionToken)
  if (storedToken) api.setSession(storedToken)

  const keepRecovery = (share: Uint8Array | undefined) => {
    recoveryShare?.fill(0)
    recoveryShare = share
    unconfirmed = undefined
    rotation?.discard()
    rotation = undefined
  }

  /** SPEC §4: on disconnect or a failed connection check the auth cache is deleted. */
  const clearAuthCache = () => {
    api.clearSession()
    sessionStore.remove(SESSION_KEYS.sessionToken)
    sessionStore.remove(SESSION_KEYS.social)
    user = undefined
    addresses = undefined
    pendingAccount = undefined
    emailLogin = undefined
    emailUpdate = undefined
    social = undefined
    keepRecovery(undefined)
  }

  /** After a session exists: the account's keys, made, rebuilt and checked, or recovery needed. */
  const openWallet = async (account: AuthUser): Promise<ConnectReturnType> => {
    user = undefined
    addresses = undefined
    pendingAccount = account
    // A KeyMismatchError leaves `pendingAccount` set: the user may restore with the recovery code.
    const pendingKey = SESSION_KEYS.pendingRecoveryPrefix + account.userId
    const pendingX = Number(sessionStore.get(pendingKey))
    const keys = await ensureKeys({
      api,
      deviceStore,
      userId: account.userId,
      ...(pendingX >= 1 && pendingX <= 255 ? { pendingRecoveryX: pendingX } : {}),
    })
    if (keys.status === 'needsRecovery') {
      if (keys.recoveryShare) keepRecovery(keys.recoveryShare)
      return { needsRecovery: true }
    }
    pendingAccount = undefined
    addresses = keys.addresses
    if (keys.recoveryShare) {
      // A new wallet: usable once its recovery text was typed back (`confirmRecovery`), also after
      // a reload before that (the share's x is kept to rebuild the same text).
      sessionStore.set(pendingKey, String(shareX(keys.recoveryShare)))
      keepRecovery(keys.recoveryShare)
      unconfirmed = toUser(account, keys.addresses)
      return unconfirmed
    }
    user = toUser(account, keys.addresses)
    return user
  }

  const finishLogin = async ({ sessionToken, user: account }: LoginReply): Promise<ConnectReturnType> => {
    clearAuthCache()
    api.setSession(sessionToken)
    sessionStore.set(SESSION_KEYS.sessionToken, sessionToken)
    const { isNewUser: _, ...plain } = account
    return openWallet(plain)
  }

  const requireWallet = (what: string) => {
    if (!user || !addresses) throw new NotConnectedError(what)
    return { user, addresses }
  }

  return {
    /** Starts an e-mail login. SPEC §5: the 30 s cooldown between logins is the modal's to enforce. */
    async connectEmail(email: string): Promise<{ action: EmailLoginAction }> {
      const deviceId = readDeviceId(sessionStore)
      const started = await api.emailStart({ projectId, email, siteOrigin, deviceId })
      emailLogin = { requestId: started.requestId, expiresAt: now() + EMAIL_REQUEST_TTL_MS }
      return { action: started.action }
    },

    /**
     * Waits until the device-approval link in the mail was clicked, asking every 2 s, at most until
     * the login request expires (AuthApiError `otp_expired`); `signal` stops it (RequestAbortedError).
     */
    async awaitDeviceApproval(signal: AbortSignal): Promise<{ action: 'VERIFY_OTP' }> {
      for (;;) {
        if (signal.aborted) throw new RequestAbortedError()
        const pending = emailLogin
        if (!pending) throw new WalletStateError('no e-mail login started')
        const { action } = await api.emailStatus(pending.requestId)
        if (action === 'VERIFY_OTP') return { action }
        const left = pending.expiresAt - now()
        if (left <= 0) throw new AuthApiError('otp_expired', 'device approval timed out')
        await abortable(Math.min(pollIntervalMs, left), signal)
      }
    },

    /** Verifies the mailed code, keeps the session, then opens the wallet (`ensureKeys`). */
    async connectOtp(otp: string): Promise<ConnectReturnType> {
      const pending = emailLogin
      if (!pending) throw new WalletStateError('no e-mail login started')
      let login: LoginReply
      try {
        login = await api.emailVerify({ requestId: pending.requestId, otp })
      } catch (error) {
        // A wrong code may be retried; a spent or unknown request may not.
        if (error instanceof AuthApiError && error.reason !== 'invalid_otp') emailLogin = undefined
        throw error
      }
      emailLogin = undefined
      return finishLogin(login)
    },

    /**
     * Restores the wallet on a device without its share (after `{ needsRecovery: true }` or a
     * KeyMismatchError), from the recovery text. This device gets a new share of the same key
     * (`recoverKeys`): the recovery text, the API's share and other devices' shares all stay valid.
     */
    async recover(recoveryText: string): Promise<EmbeddedWalletUser> {
      const account = pendingAccount
      if (!account) throw new WalletStateError('no login waiting for recovery')
      const restored = await recoverKeys({ api, deviceStore, userId: account.userId, recoveryText })
      keepRecovery(undefined)
      pendingAccount = undefined
      addresses = restored.addresses
      user = toUser(account, restored.addresses)
      return user
    },

    /**
     * The recovery text waiting to be confirmed (a new wallet's, or a rotation's), or null when there
     * is none. Shown by the frame only; it stays here until `confirmRecovery` gets it typed back.
     */
    exportRecovery(): string | null {
      return recoveryShare ? toRecoveryText(recoveryShare) : null
    },

    /**
     * The user typed the recovery text back. For a new wallet this makes it usable; for a rotation
     * it commits it (the API's share replaced with the account's signature, then this device's). A
     * text that differs gives RecoveryMismatchError and changes nothing.
     */
    async confirmRecovery(typed: string): Promise<void> {
      if (!recoveryShare) throw new WalletStateError('no recovery text waiting for confirmation')
      if (!matchesRecovery(typed, recoveryShare)) throw new RecoveryMismatchError()
      const pending = rotation
      const confirmed = unconfirmed
      rotation = undefined
      try {
        // A refused replacement ends the rotation: the old text and shares are still the valid ones.
        await pending?.commit()
      } finally {
        keepRecovery(undefined)
      }
      if (confirmed) {
        sessionStore.remove(SESSION_KEYS.pendingRecoveryPrefix + confirmed.userId)
        user = confirmed
      }
    },

    /**
     * Starts rotating the recovery text (issue 14: its own, explicit action): a new split of the same
     * key, held in memory; returns the new text to show. Nothing changes until `confirmRecovery` gets
     * it typed back; the old text works until then, and stops working after.
     */
    async rotateRecovery(): Promise<string> {
      const current = requireWallet('rotate the recovery text')
      const start = ++rotationStarts
      const next = await prepareRotation({
        api,
        deviceStore,
        userId: current.user.userId,
        addresses: current.addresses,
      })
      // Two starts in quick succession can finish in either order: the older one must never replace
      // the newer one's shares, or the text on screen (the newer) would no longer confirm.
      if (start !== rotationStarts) {
        next.discard()
        throw new WalletStateError('a newer recovery text rotation replaced this one')
      }
      keepRecovery(undefined)
      rotation?.discard()
      rotation = next
      recoveryShare = next.recoveryShare.slice()
      return toRecoveryText(recoveryShare)
    },

    getUser: (): EmbeddedWalletUser | null => user ?? null,

    /**
     * Checks the stored session with the API (`GET /v1/auth/session`) and reopens the wallet after a
     * reload. An expired or revoked session clears the auth cache (SPEC §4) and answers false; a
     * network failure rejects and clears nothing.
     */
    async isConnected(): Promise<boolean> {
      if (!api.hasSession()) return false
      let account: AuthUser
      try {
        account = (await api.getSession()).user
      } catch (error) {
        if (!(error instanceof AuthApiError)) throw error
        clearAuthCache()
        return false
      }
      // A new wallet whose text was never typed back stays unusable in this instance.
      if (unconfirmed?.userId === account.userId) return false
      if (user?.userId === account.userId) {
        user = { ...user, email: account.email }
        return true
      }
      await openWallet(account)
      // Open only when usable: not while recovery is needed or a new text waits to be typed back.
      return user !== undefined
    },

    /** Signs out at the API and clears the session here; the device share stays for the next login. */
    async signOut(): Promise<void> {
      try {
        if (api.hasSession()) await api.signOut()
      } catch (error) {
        if (!(error instanceof AuthApiError)) throw error // an already dead session is signed out
      } finally {
        clearAuthCache()
      }
    },

    /**
     * Starts a social login: a PKCE S256 verifier made and kept here (memory, and the session store
     * for a callback page of this origin), the challenge sent. Open `authorizationUrl` in the popup.
     */
    async connectSocial(provider: SocialProvider, redirectUri: string): Promise<SocialStartReply> {
      const { verifier, challenge } = await createPkcePair()
      const deviceId = readDeviceId(sessionStore)
      const started = await api.socialStart({
        projectId,
        provider,
        siteOrigin,
        deviceId,
        codeChallenge: challenge,
        redirectUri,
      })
      social = { state: started.state, verifier }
      sessionStore.set(SESSION_KEYS.social, JSON.stringify(social))
      return started
    },

    /** Completes a social login with what the provider sent to the redirect; then as `connectOtp`. */
    async finishSocial({ code, state, iss }: { code: string; state: string; iss?: string }) {
      const pending = social ?? readSocial(sessionStore.get(SESSION_KEYS.social))
      social = undefined
      sessionStore.remove(SESSION_KEYS.social) // single use, whatever happens next
      if (!pending || pending.state !== state) throw new ConnectionRejectedError('unknown state')
      return finishLogin(
        await api.socialFinish({ state, code, codeVerifier: pending.verifier, ...(iss ? { iss } : {}) }),
      )
    },

    /** Farcaster login (issue 10): a single-use state and the nonce the signed message must carry. */
    async startFarcaster(): Promise<FarcasterStartReply> {
      const deviceId = readDeviceId(sessionStore)
      return api.farcasterStart({ projectId, siteOrigin, deviceId })
    },

    /** Completes a Farcaster login with the message the frame verified; the API verifies it again. */
    async finishFarcaster(body: FarcasterFinishRequest): Promise<ConnectReturnType> {
      return finishLogin(await api.farcasterFinish(body))
    },

    /** SPEC §4 e-mail update: a code goes to the current address first. */
    async updateEmail(newEmail: string): Promise<{ action: 'VERIFY_PRIMARY_OTP' }> {
      requireWallet('update e-mail')
      const started = await api.emailUpdateStart(newEmail)
      emailUpdate = { requestId: started.requestId, newEmail }
      return { action: started.action }
    },
    async verifyPrimaryOtp(otp: string): Promise<{ action: 'VERIFY_SECONDARY_OTP' }> {
      if (!emailUpdate) throw new WalletStateError('no e-mail update started')
      return api.emailUpdateVerifyPrimary({ requestId: emailUpdate.requestId, otp })
    },
    async verifySecondaryOtp(otp: string): Promise<{ newEmail: string }> {
      if (!emailUpdate) throw new WalletStateError('no e-mail update started')
      const done = await api.emailUpdateVerifySecondary({ requestId: emailUpdate.requestId, otp })
      emailUpdate = undefined
      if (user) user = { ...user, email: done.newEmail }
      return done
    },

    ...createWalletSigning({
      api,
      deviceStore,
      sessionStore,
      rpc,
      requireWallet,
      solanaAddress: () => addresses?.solana,
    }),
  }
}

export type EmbeddedWallet = ReturnType<typeof createEmbeddedWallet>

function readSocial(text: string | null): { state: string; verifier: string } | undefined {
  if (!text) return undefined
  try {
    const value = JSON.parse(text) as { state?: unknown; verifier?: unknown }
    return typeof value.state === 'string' && typeof value.verifier === 'string'
      ? { state: value.state, verifier: value.verifier }
      : undefined
  } catch {
    return undefined
  }
}
