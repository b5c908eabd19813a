import type { WalletAddresses } from '@modalkit/protocol'
import type { AuthApiClient } from '../api/createAuthApiClient.ts'
import type { DeviceShareStore } from '../keys/createDeviceShareStore.ts'
import { importRecovery } from '../keys/importRecovery.ts'
import { splitSeed } from '../keys/splitSeed.ts'
import { decodeShare, encodeShare } from './encodeShare.ts'
import { withCheckedSeed } from './withCheckedSeed.ts'

export type RecoverKeysParameters = {
  api: AuthApiClient
  deviceStore: DeviceShareStore
  userId: string
  recoveryText: string
}
export type RecoverKeysReturnType = { addresses: WalletAddresses; recoveryShare: Uint8Array }

/**
 * A new device: the recovery text and the API's auth share rebuild the seed, which must open the
 * account's addresses (KeyMismatchError otherwise). The seed is then split anew and the API's auth
 * share replaced (`replace: true`, accepted only from a session under 5 minutes old); this device
 * keeps the new device share and the caller offers the new recovery text. The old recovery text and
 * any old device share no longer combine with the new auth share: a leaked old one is worthless.
 *
 * The device share is saved before the replace: if the replace is refused (`stale_session`: log in
 * again) the new device share is cleared and the old recovery text still works with the API's share.
 * The other order could leave the API with a new share whose device share was never stored.
 */
export async function recoverKeys({
  api,
  deviceStore,
  userId,
  recoveryText,
}: RecoverKeysParameters): Promise<RecoverKeysReturnType> {
  const recoveryShare = importRecovery(recoveryText)
  const stored = await api.getShare().catch((error: unknown) => {
    recoveryShare.fill(0)
    throw error
  })
  const fresh = await withCheckedSeed([decodeShare(stored.share), recoveryShare], stored.addresses, splitSeed)
  try {
    await deviceStore.save(userId, fresh.deviceShare)
    try {
      await api.putShare({ share: encodeShare(fresh.authShare), addresses: stored.addresses, replace: true })
    } catch (error) {
      await deviceStore.clear(userId).catch(() => undefined)
      throw error
    }
    return { addresses: stored.addresses, recoveryShare: fresh.recoveryShare }
  } catch (error) {
    fresh.recoveryShare.fill(0)
    throw error
  } finally {
    fresh.authShare.fill(0)
    fresh.deviceShare.fill(0)
  }
}
