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
import { describe, expect, it } from 'vitest'
import { AuthApiError } from '../api/authApiErrors.ts'
import { ENGLISH, loadMessages } from '../i18n/messages.ts'
import { RecoveryFormatError } from '../keys/keyErrors.ts'
import { KeyMismatchError, WalletStateError } from '../wallet/walletErrors.ts'
import { restoreErrorText } from './restoreErrorText.ts'

const failures = [
  new RecoveryFormatError('checksum'),
  new KeyMismatchError('addresses differ'),
  new FailedToConnectError(),
  new RateLimitedError(),
  new ServiceUnavailableError(),
  new ServerError(),
  new SessionExpiredError(),
  new NotConnectedToEmbeddedError(),
  new WalletStateError('no login waiting for recovery'),
  new InvalidConnectionStatusError(),
  new AuthApiError('share_not_found'),
  new AuthApiError('stale_session'),
  new AuthApiError('session_expired'),
]

describe('restoreErrorText', () => {
  it("says in English exactly the error's own fixed words, as the screen always did", () => {
    for (const failure of failures) expect(restoreErrorText(failure, ENGLISH)).toBe(failure.shortMessage)
    expect(restoreErrorText(new Error('boom'), ENGLISH)).toBe('Could not restore the wallet')
  })

  it('translates each of them, never showing the details (the text typed, a server reply)', async () => {
    const spanish = await loadMessages('es')
    for (const failure of failures) {
      const text = restoreErrorText(failure, spanish)
      expect(text, failure.name).not.toBe(failure.shortMessage)
      expect(text).not.toContain(failure.details ?? '\u0000')
    }
    expect(restoreErrorText(new RecoveryFormatError('prefix'), spanish)).toBe(
      'Código de recuperación no válido',
    )
  })

  it('keeps an error the catalogue does not know in its own fixed words', async () => {
    const other = new AppKitError({ code: 5000, shortMessage: 'Something else', details: 'secret detail' })
    expect(restoreErrorText(other, await loadMessages('ja'))).toBe('Something else')
  })
})
