import { type EmailLoginAction, type LoginReply, RequestAbortedError } from '@modalkit/protocol'
import { AuthApiError } from '../api/authApiErrors.ts'
import type { AuthApiClient } from '../api/createAuthApiClient.ts'
import { readDeviceId } from './readDeviceId.ts'
import type { SessionStore } from './SessionStore.ts'
import { WalletStateError } from './walletErrors.ts'

/** The API's login request lifetime (SECURITY.md: codes expire within 10 minutes). */
export const EMAIL_REQUEST_TTL_MS = 10 * 60_000
/** How often `awaitDeviceApproval` asks whether the link in the mail was clicked. */
export const DEVICE_POLL_MS = 2_000

export type EmailLoginParameters<Opened> = {
  api: AuthApiClient
  projectId: string
  siteOrigin: string
  sessionStore: SessionStore
  /** Epoch milliseconds. */
  now: () => number
  pollIntervalMs: number
  /** Keeps the session the API gave and opens the wallet. */
  finishLogin(login: LoginReply): Promise<Opened>
}

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
 * The e-mail login: the address sent, the device-approval link waited for where the API asks for
 * it, then the mailed code. Owns the login request in progress.
 */
export function createEmailLogin<Opened>({
  api,
  projectId,
  siteOrigin,
  sessionStore,
  now,
  pollIntervalMs,
  finishLogin,
}: EmailLoginParameters<Opened>) {
  let pending: { requestId: string; expiresAt: number } | undefined

  return {
    /** Starts an e-mail login. SPEC §5: the 30 s cooldown between logins is the modal's to enforce. */
    async connectEmail(email: string): Promise<{ action: EmailLoginAction }> {
      const deviceId = readDeviceId(sessionStore)
      const started = await api.emailStart({ projectId, email, siteOrigin, deviceId })
      pending = { requestId: started.requestId, expiresAt: now() + EMAIL_REQUEST_TTL_MS }
      return { action: started.action }
    },

    /**
     * Waits until the device-approval link in the mail was clicked, asking every 2 s, at most until
     * the login request expires (AuthApiError `otp_expired`); `signal` stops it (RequestAbortedError).
     */
    async awaitDeviceApproval(signal: AbortSignal): Promise<{ action: 'VERIFY_OTP' }> {
      for (;;) {
        if (signal.aborted) throw new RequestAbortedError()
        const current = pending
        if (!current) throw new WalletStateError('no e-mail login started')
        const { action } = await api.emailStatus(current.requestId)
        if (action === 'VERIFY_OTP') return { action }
        const left = current.expiresAt - now()
        if (left <= 0) throw new AuthApiError('otp_expired', 'device approval timed out')
        await abortable(Math.min(pollIntervalMs, left), signal)
      }
    },

    /** Verifies the mailed code, keeps the session, then opens the wallet (`ensureKeys`). */
    async connectOtp(otp: string): Promise<Opened> {
      const current = pending
      if (!current) throw new WalletStateError('no e-mail login started')
      let login: LoginReply
      try {
        login = await api.emailVerify({ requestId: current.requestId, otp })
      } catch (error) {
        // A wrong code may be retried; a spent or unknown request may not.
        if (error instanceof AuthApiError && error.reason !== 'invalid_otp') pending = undefined
        throw error
      }
      pending = undefined
      return finishLogin(login)
    },

    /** The auth cache is cleared: a login in progress is forgotten. */
    forget(): void {
      pending = undefined
    },
  }
}
