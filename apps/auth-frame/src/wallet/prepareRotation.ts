import type { WalletAddresses } from '@modalkit/protocol'
import type { AuthApiClient } from '../api/createAuthApiClient.ts'
import type { DeviceShareStore } from '../keys/createDeviceShareStore.ts'
import { splitSeed } from '../keys/splitSeed.ts'
import { decodeShare } from './encodeShare.ts'
import { sendShareReplacement } from './sendShareReplacement.ts'
import { WalletStateError } from './walletErrors.ts'
import { withCheckedSeed } from './withCheckedSeed.ts'

export type PrepareRotationParameters = {
  api: AuthApiClient
  deviceStore: DeviceShareStore
  userId: string
  addresses: WalletAddresses
}

export type Rotation = {
  /** The new recovery share, to be shown and typed back before `commit`. */
  recoveryShare: Uint8Array
  /** Replaces the API's share (signed), then keeps the new device share here. */
  commit(): Promise<void>
  /** Wipes the new shares; nothing was changed anywhere. */
  discard(): void
}

/**
 * Rotating the recovery text: an explicit action, in two steps so the old text stays
 * valid until the new one was confirmed. `prepareRotation` re-splits the same seed in memory only
 * (new polynomial: the old recovery text and every other device's share will stop combining with the
 * new auth share); `commit`, called after the user typed the new text back, replaces the API's auth
 * share with the account's signature, then saves the new device share. If the page dies before
 * `commit`, nothing changed. If saving the device share fails after the API took the new share, the
 * confirmed new text restores this device (`recoverKeys`).
 */
export async function prepareRotation({
  api,
  deviceStore,
  userId,
  addresses,
}: PrepareRotationParameters): Promise<Rotation> {
  const stored = await api.getShare()
  const deviceShare = await deviceStore.load(userId)
  if (!deviceShare) throw new WalletStateError('no device share on this device')
  const fresh = await withCheckedSeed([deviceShare, decodeShare(stored.share)], addresses, splitSeed)
  let done = false
  const wipe = () => {
    done = true
    fresh.authShare.fill(0)
    fresh.deviceShare.fill(0)
    fresh.recoveryShare.fill(0)
  }
  return {
    recoveryShare: fresh.recoveryShare,
    async commit() {
      if (done) throw new WalletStateError('rotation already finished')
      try {
        // Two new shares rebuild the seed to sign with; the check proves the split opens the account.
        await withCheckedSeed([fresh.deviceShare.slice(), fresh.authShare.slice()], addresses, (seed) =>
          sendShareReplacement({ api, userId, seed, share: fresh.authShare }),
        )
        await deviceStore.save(userId, fresh.deviceShare)
      } finally {
        wipe()
      }
    },
    discard: wipe,
  }
}
