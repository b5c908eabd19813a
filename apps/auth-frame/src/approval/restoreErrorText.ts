import {
  AppKitError,
  FailedToConnectError,
  InvalidConnectionStatusError,
  NotConnectedToEmbeddedError,
  RateLimitedError,
  ServerError,
  ServiceUnavailableError,
  SessionExpiredError,
} from '@modalkit/protocol'
import { AuthApiError } from '../api/authApiErrors.ts'
import type { FrameMessageKey } from '../i18n/en.ts'
import type { Messages } from '../i18n/messages.ts'
import { RecoveryFormatError } from '../keys/keyErrors.ts'

type ErrorClass = abstract new (...args: never[]) => AppKitError

/** The failures restoring can meet, each with its words in the catalogue (English: its shortMessage). */
const KNOWN: readonly (readonly [ErrorClass, FrameMessageKey])[] = [
  [RecoveryFormatError, 'restore.invalidCode'],
  // KeyMismatchError (the text opens another wallet) is a FailedToConnectError.
  [FailedToConnectError, 'restore.failedToConnect'],
  [RateLimitedError, 'restore.rateLimited'],
  [ServiceUnavailableError, 'restore.unavailable'],
  [ServerError, 'restore.serverError'],
  [SessionExpiredError, 'restore.sessionExpired'],
  [NotConnectedToEmbeddedError, 'restore.notConnected'],
  // WalletStateError (no login waiting for recovery) is an InvalidConnectionStatusError.
  [InvalidConnectionStatusError, 'restore.invalidStatus'],
]

const AUTH_REASONS: Partial<Record<AuthApiError['reason'], FrameMessageKey>> = {
  share_not_found: 'restore.noShare',
  stale_session: 'restore.staleSession',
  session_expired: 'restore.sessionExpired',
}

/**
 * Why restoring failed, in the screen's language: the error's own fixed words (SPEC §8, the auth
 * API's reasons), never the text typed and never words a server sent. An error the catalogue does
 * not know keeps its English shortMessage.
 */
export function restoreErrorText(failure: unknown, messages: Messages): string {
  if (!(failure instanceof AppKitError)) return messages.text('restore.failed')
  const reason = failure instanceof AuthApiError ? AUTH_REASONS[failure.reason] : undefined
  const key = reason ?? KNOWN.find(([type]) => failure instanceof type)?.[1]
  return key ? messages.text(key) : failure.shortMessage
}
