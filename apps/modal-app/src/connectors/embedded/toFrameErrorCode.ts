import { APP_KIT_ERROR_CODES, type AppKitErrorCode } from '@modalkit/protocol'

/**
 * The code of a secure-frame error as the modal keeps it: one of our codes, string or number, stays
 * what it is, so code-picked alerts ('Session Expired', …) fire for frame errors too; a number the
 * catalogue lacks is a wallet's EIP-1193 / JSON-RPC code and is kept for the site; anything else is
 * 5000.
 */
export function toFrameErrorCode(code: number | string | undefined): AppKitErrorCode {
  const known = APP_KIT_ERROR_CODES.find((c) => c === code)
  if (known !== undefined) return known
  // Not in the closed union, but an EIP-1193 error the site must see with its own code.
  return typeof code === 'number' ? (code as AppKitErrorCode) : 5000
}
