import type { AuthDeps } from './AuthDeps.ts'
import { OTP_TTL_MS } from './AuthDeps.ts'
import { otpMail } from './loginMails.ts'
import { withMail } from './mailOutbox.ts'
import { hashOtp, newOtp } from './otpCode.ts'
import { hashToken } from './randomToken.ts'

export type ApproveDeviceLinkReturnType = { status: number; title: string; text: string }

/**
 * `POST /v1/auth/device/approve` (`token=…`), the button behind the device-approval mail's link (a GET
 * only shows it, so a mail scanner following links approves nothing): single use, within the
 * request's TTL. Approving moves the request on and mails its code (only now, so the code exists
 * only after the mailbox owner said yes to this device). The device joins the account's approved
 * devices when the code is verified.
 */
export async function approveDeviceLink(deps: AuthDeps, token: string): Promise<ApproveDeviceLinkReturnType> {
  const { now, keys } = deps
  const at = now()
  const code = newOtp()
  // The code's mail is queued with the state change: both happen, or neither.
  const row = await withMail(deps, async (query, mail) => {
    const [found] = await query<{
      id: string
      email: string
      site_origin: string
      device_label: string
      expires_at: string
    }>(
      `select id, email, site_origin, device_label, expires_at from otp_requests
       where approval_hash = $1 and state = 'awaiting_device' for update`,
      [hashToken(token)],
    )
    if (!found || at >= Number(found.expires_at)) return undefined
    await query(
      `update otp_requests set state = 'awaiting_otp', approval_hash = null, code_hash = $2, expires_at = $3
       where id = $1`,
      [found.id, hashOtp(keys.otp, found.id, 'code_hash', code), at + OTP_TTL_MS],
    )
    // The mail names the device that asked to log in, not the one that clicked the link.
    await mail(otpMail(found.email, code, found.site_origin, found.device_label))
    return found
  })
  if (!row) return { status: 410, title: 'Link expired', text: 'This link was already used or has expired.' }
  return { status: 200, title: 'Device approved', text: 'Device approved. Your login code is on its way.' }
}
