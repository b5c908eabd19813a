import type { Mail } from './createMailer.ts'

/**
 * The texts of the auth mails, kept apart from the logic. Each names the site and the device that
 * asked (SECURITY.md: against real-time relay phishing) and says what to do if it was not the reader.
 * Plain text only: nothing a site controls is rendered as HTML.
 */
const footer = (site: string, device: string) =>
  `Requested by ${site} from ${device}.\nIf this was not you, ignore this mail: nothing happens without it.`

export function otpMail(to: string, code: string, site: string, device: string): Mail {
  return {
    to,
    // Never the code in the subject: subjects show on lock screens and in notification previews.
    subject: 'Your login code',
    text: `Your one-time login code is ${code}\nIt expires in 10 minutes and works once.\n\n${footer(site, device)}\n`,
  }
}

export function deviceApprovalMail(to: string, link: string, site: string, device: string): Mail {
  return {
    to,
    subject: 'Approve a new device',
    text: `Someone wants to log in on a device not approved yet.\nApprove it: ${link}\nThen your login code will follow in a second mail. The link expires in 10 minutes and works once.\n\n${footer(site, device)}\n`,
  }
}

export function updateMail(to: string, code: string, which: 'current' | 'new', newEmail: string): Mail {
  return {
    to,
    subject: 'Confirm your e-mail change',
    text: `Your code to confirm the change of your wallet's e-mail to ${newEmail} (this is your ${which} address): ${code}\nIt expires in 10 minutes and works once. If this was not you, ignore this mail.\n`,
  }
}

/** Every replacement of the auth share is told to the user, who may not have asked for it. */
export function shareReplacedMail(to: string, device: string, at: Date): Mail {
  return {
    to,
    subject: 'Your wallet key share was replaced',
    text: `Your embedded wallet's recovery setup was changed at ${at.toISOString()} from ${device}: a new recovery text now works, and the previous one no longer does.\nIf this was not you, contact support at once and do not approve anything you did not start.\n`,
  }
}
