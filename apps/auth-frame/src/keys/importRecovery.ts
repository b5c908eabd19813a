import { assertShare } from './combineShares.ts'
import { RECOVERY_CHECKSUM_BYTES, RECOVERY_PREFIX, recoveryChecksum } from './exportRecovery.ts'
import { RecoveryFormatError } from './keyErrors.ts'

const MAX_TEXT = 200

/**
 * Reads the text `exportRecovery` wrote back into the recovery share. Whitespace and line breaks are
 * ignored (people paste from notes and e-mails); anything else wrong throws a RecoveryFormatError
 * whose `reason` says what: `prefix`, `encoding`, `length` or `checksum`.
 */
export function importRecovery(text: string): Uint8Array {
  if (typeof text !== 'string' || text.length > MAX_TEXT) throw new RecoveryFormatError('length')
  const compact = text.replace(/\s+/g, '')
  if (!compact.startsWith(RECOVERY_PREFIX)) throw new RecoveryFormatError('prefix')
  const body = compact.slice(RECOVERY_PREFIX.length)
  if (!/^[A-Za-z0-9_-]+$/.test(body) || body.length % 4 === 1) throw new RecoveryFormatError('encoding')
  const binary = atob(body.replace(/-/g, '+').replace(/_/g, '/'))
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0))
  const share = bytes.slice(0, bytes.length - RECOVERY_CHECKSUM_BYTES)
  const checksum = bytes.subarray(bytes.length - RECOVERY_CHECKSUM_BYTES)
  try {
    try {
      assertShare(share)
    } catch {
      throw new RecoveryFormatError('length')
    }
    const expected = recoveryChecksum(share)
    if (expected.some((byte, i) => byte !== checksum[i])) throw new RecoveryFormatError('checksum')
    return share
  } catch (error) {
    share.fill(0)
    throw error
  } finally {
    bytes.fill(0)
  }
}
