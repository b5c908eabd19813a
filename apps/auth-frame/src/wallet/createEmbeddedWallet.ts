import { type AuthUser, type LoginReply, NotConnectedError, type WalletAddresses } from '@modalkit/protocol'
import { AuthApiError } from '../api/authApiErrors.ts'
import type { AuthApiClient } from '../api/createAuthApiClient.ts'
import type { DeviceShareStore } from '../keys/createDeviceShareStore.ts'
import { shareX } from '../keys/shareAtX.ts'
import { createEmailLogin, DEVICE_POLL_MS } from './createEmailLogin.ts'
import { createEmailUpdate } from './createEmailUpdate.ts'
import { createRecoveryText } from './createRecoveryText.ts'
import { createSocialLogins } from './createSocialLogins.ts'
import { createWalletSigning } from './createWalletSigning.ts'
import { ensureKeys } from './ensureKeys.ts'
import { recoverKeys } from './recoverKeys.ts'
import { SESSION_KEYS, type SessionStore } from './SessionStore.ts'
import type { WalletRpc } from './WalletRequest.ts'
import { WalletStateError } from './walletErrors.ts'

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

  const storedToken = sessionStore.get(SESSION_KEYS.sessionToken)
  if (storedToken) api.setSession(storedToken)

  /** SPEC §4: on disconnect or a failed connection check the auth cache is deleted. */
  const clearAuthCache = () => {
    api.clearSession()
    sessionStore.remove(SESSION_KEYS.sessionToken)
    user = undefined
    addresses = undefined
    pendingAccount = undefined
    emailLogin.forget()
    emailUpdate.forget()
    socialLogins.forget()
    recovery.keep(undefined)
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
      if (keys.recoveryShare) recovery.keep(keys.recoveryShare)
      return { needsRecovery: true }
    }
    pendingAccount = undefined
    addresses = keys.addresses
    if (keys.recoveryShare) {
      // A new wallet: usable once its recovery text was typed back (`confirmRecovery`), also after
      // a reload before that (the share's x is kept to rebuild the same text).
      sessionStore.set(pendingKey, String(shareX(keys.recoveryShare)))
      const unconfirmed = toUser(account, keys.addresses)
      recovery.keep(keys.recoveryShare, unconfirmed)
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

  const recovery = createRecoveryText<EmbeddedWalletUser>({
    api,
    deviceStore,
    sessionStore,
    requireWallet,
    onConfirmed: (confirmed) => {
      user = confirmed
    },
  })
  const emailUpdate = createEmailUpdate({
    api,
    requireWallet,
    onUpdated: (newEmail) => {
      if (user) user = { ...user, email: newEmail }
    },
  })
  const emailLogin = createEmailLogin({
    api,
    projectId,
    siteOrigin,
    sessionStore,
    now,
    pollIntervalMs,
    finishLogin,
  })
  const socialLogins = createSocialLogins({ api, projectId, siteOrigin, sessionStore, finishLogin })

  return {
    connectEmail: emailLogin.connectEmail,
    awaitDeviceApproval: emailLogin.awaitDeviceApproval,
    connectOtp: emailLogin.connectOtp,

    /**
     * Restores the wallet on a device without its share (after `{ needsRecovery: true }` or a
     * KeyMismatchError), from the recovery text. This device gets a new share of the same key
     * (`recoverKeys`): the recovery text, the API's share and other devices' shares all stay valid.
     */
    async recover(recoveryText: string): Promise<EmbeddedWalletUser> {
      const account = pendingAccount
      if (!account) throw new WalletStateError('no login waiting for recovery')
      const restored = await recoverKeys({ api, deviceStore, userId: account.userId, recoveryText })
      recovery.keep(undefined)
      pendingAccount = undefined
      addresses = restored.addresses
      user = toUser(account, restored.addresses)
      return user
    },

    exportRecovery: recovery.exportRecovery,
    confirmRecovery: recovery.confirmRecovery,
    rotateRecovery: recovery.rotateRecovery,

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
      if (recovery.unconfirmed()?.userId === account.userId) return false
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

    connectSocial: socialLogins.connectSocial,
    finishSocial: socialLogins.finishSocial,
    startFarcaster: socialLogins.startFarcaster,
    finishFarcaster: socialLogins.finishFarcaster,
    updateEmail: emailUpdate.updateEmail,
    verifyPrimaryOtp: emailUpdate.verifyPrimaryOtp,
    verifySecondaryOtp: emailUpdate.verifySecondaryOtp,

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
