import type { AuthApiClient } from '../api/createAuthApiClient.ts'
import { WalletStateError } from './walletErrors.ts'

export type EmailUpdateParameters = {
  api: AuthApiClient
  /** NotConnectedError naming `what` while no wallet is open. */
  requireWallet(what: string): unknown
  /** The update is done: the open user's e-mail is the new one. */
  onUpdated(newEmail: string): void
}

/** SPEC §4 e-mail update: a code to the current address first, then one to the new address. */
export function createEmailUpdate({ api, requireWallet, onUpdated }: EmailUpdateParameters) {
  let emailUpdate: { requestId: string; newEmail: string } | undefined

  return {
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
      onUpdated(done.newEmail)
      return done
    },
    /** The auth cache is cleared: an update in progress is forgotten. */
    forget(): void {
      emailUpdate = undefined
    },
  }
}
