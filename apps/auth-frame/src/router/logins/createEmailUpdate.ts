import type { WalletSession } from '../createWalletSession.ts'
import type { FrameHandlers } from '../startRouter.ts'

/** A new e-mail address: a code to the current address, then one to the new address. */
export function createEmailUpdate(
  session: Pick<WalletSession, 'wallet'>,
): Pick<FrameHandlers, 'UPDATE_EMAIL' | 'UPDATE_EMAIL_PRIMARY_OTP' | 'UPDATE_EMAIL_SECONDARY_OTP'> {
  return {
    async UPDATE_EMAIL({ email }) {
      return session.wallet().updateEmail(email)
    },
    async UPDATE_EMAIL_PRIMARY_OTP({ otp }) {
      return session.wallet().verifyPrimaryOtp(otp)
    },
    async UPDATE_EMAIL_SECONDARY_OTP({ otp }) {
      return session.wallet().verifySecondaryOtp(otp)
    },
  }
}
