import type { WalletAddresses } from '@modalkit/protocol'
import type { AuthApiClient } from '../api/createAuthApiClient.ts'
import type { DeviceShareStore } from '../keys/createDeviceShareStore.ts'
import { exportRecovery as toRecoveryText } from '../keys/exportRecovery.ts'
import { matchesRecovery } from '../keys/matchesRecovery.ts'
import { prepareRotation, type Rotation } from './prepareRotation.ts'
import { SESSION_KEYS, type SessionStore } from './SessionStore.ts'
import { RecoveryMismatchError, WalletStateError } from './walletErrors.ts'

export type RecoveryTextParameters<User extends { userId: string }> = {
  api: AuthApiClient
  deviceStore: DeviceShareStore
  sessionStore: SessionStore
  /** The open wallet, or NotConnectedError naming `what`. */
  requireWallet(what: string): { user: User; addresses: WalletAddresses }
  /** A new wallet's text was typed back: from now on `user` signs. */
  onConfirmed(user: User): void
}

/**
 * The recovery text waiting to be typed back: a new wallet's (which signs nothing until then) or a
 * rotation's (the old text works until then). Owns the share in memory and wipes it when done.
 */
export function createRecoveryText<User extends { userId: string }>({
  api,
  deviceStore,
  sessionStore,
  requireWallet,
  onConfirmed,
}: RecoveryTextParameters<User>) {
  let recoveryShare: Uint8Array | undefined
  /** A new wallet whose text was not typed back yet: its user is not set, so nothing signs. */
  let unconfirmed: User | undefined
  /** A rotation shown but not confirmed. */
  let rotation: Rotation | undefined
  /** Counts rotation starts: only the newest one may become `rotation` (see `rotateRecovery`). */
  let rotationStarts = 0

  /** Holds `share` (or none), wiping the one before; `newWallet` is the user it makes usable. */
  const keep = (share: Uint8Array | undefined, newWallet?: User) => {
    recoveryShare?.fill(0)
    recoveryShare = share
    unconfirmed = newWallet
    rotation?.discard()
    rotation = undefined
  }

  return {
    keep,
    /** The new wallet waiting for its text, if any. */
    unconfirmed: (): User | undefined => unconfirmed,

    /**
     * The recovery text waiting to be confirmed, or null when there is none. Shown by the frame
     * only; it stays here until `confirmRecovery` gets it typed back.
     */
    exportRecovery(): string | null {
      return recoveryShare ? toRecoveryText(recoveryShare) : null
    },

    /**
     * The user typed the recovery text back. For a new wallet this makes it usable; for a rotation
     * it commits it (the API's share replaced with the account's signature, then this device's). A
     * text that differs gives RecoveryMismatchError and changes nothing.
     */
    async confirmRecovery(typed: string): Promise<void> {
      if (!recoveryShare) throw new WalletStateError('no recovery text waiting for confirmation')
      if (!matchesRecovery(typed, recoveryShare)) throw new RecoveryMismatchError()
      const pending = rotation
      const confirmed = unconfirmed
      rotation = undefined
      try {
        // A refused replacement ends the rotation: the old text and shares are still the valid ones.
        await pending?.commit()
      } finally {
        keep(undefined)
      }
      if (confirmed) {
        sessionStore.remove(SESSION_KEYS.pendingRecoveryPrefix + confirmed.userId)
        onConfirmed(confirmed)
      }
    },

    /**
     * Starts rotating the recovery text (its own, explicit action): a new split of the same key,
     * held in memory; returns the new text to show. Nothing changes until `confirmRecovery` gets it
     * typed back; the old text works until then, and stops working after.
     */
    async rotateRecovery(): Promise<string> {
      const current = requireWallet('rotate the recovery text')
      const start = ++rotationStarts
      const next = await prepareRotation({
        api,
        deviceStore,
        userId: current.user.userId,
        addresses: current.addresses,
      })
      // Two starts in quick succession can finish in either order: the older one must never replace
      // the newer one's shares, or the text on screen (the newer) would no longer confirm.
      if (start !== rotationStarts) {
        next.discard()
        throw new WalletStateError('a newer recovery text rotation replaced this one')
      }
      keep(undefined)
      rotation = next
      recoveryShare = next.recoveryShare.slice()
      return toRecoveryText(recoveryShare)
    },
  }
}
