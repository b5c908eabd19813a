import type { WalletAddresses } from '@modalkit/protocol'
import type { AuthApiClient } from '../api/createAuthApiClient.ts'
import type { DeviceShareStore } from '../keys/createDeviceShareStore.ts'
import { deriveShare } from '../keys/deriveShare.ts'
import { importRecovery } from '../keys/importRecovery.ts'
import { shareX } from '../keys/shareAtX.ts'
import { decodeShare } from './encodeShare.ts'
import { withCheckedSeed } from './withCheckedSeed.ts'

export type RecoverKeysParameters = {
  api: AuthApiClient
  deviceStore: DeviceShareStore
  userId: string
  recoveryText: string
}
export type RecoverKeysReturnType = { addresses: WalletAddresses }

/**
 * A new device: the recovery text and the API's auth share rebuild the seed, which must open the
 * account's addresses (KeyMismatchError otherwise); then this device gets a share of its own, a new
 * point of the same polynomial (`deriveShare`). Nothing is re-split and nothing is sent to the API:
 * the auth share, the recovery text and every other device's share stay valid (H4/H5:
 * when restoring replaced the auth share, a hostile page that reloaded while the new recovery text
 * was on screen left the user with no working recovery text and every other device locked out).
 * Rotating the recovery text is its own, confirmed action (`rotateRecovery`).
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
  const authShare = decodeShare(stored.share)
  // withCheckedSeed wipes what it is given: it gets copies, the originals make the new share after.
  const sources = [authShare.slice(), recoveryShare.slice()] as const
  let deviceShare: Uint8Array | undefined
  try {
    await withCheckedSeed(sources, stored.addresses, () => undefined)
    deviceShare = await deriveShare(authShare, recoveryShare, [shareX(authShare), shareX(recoveryShare)])
    await deviceStore.save(userId, deviceShare)
    return { addresses: stored.addresses }
  } finally {
    authShare.fill(0)
    recoveryShare.fill(0)
    deviceShare?.fill(0)
  }
}
