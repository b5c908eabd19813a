import type { WalletAddresses } from '@modalkit/protocol'
import { AuthApiError } from '../api/authApiErrors.ts'
import type { AuthApiClient } from '../api/createAuthApiClient.ts'
import type { DeviceShareStore } from '../keys/createDeviceShareStore.ts'
import { createSeed } from '../keys/createSeed.ts'
import { InvalidShareError } from '../keys/keyErrors.ts'
import { shareAtX } from '../keys/shareAtX.ts'
import { splitSeed } from '../keys/splitSeed.ts'
import { decodeShare, encodeShare } from './encodeShare.ts'
import { sameAddresses, toWalletAddresses } from './toWalletAddresses.ts'
import { KeyMismatchError } from './walletErrors.ts'
import { withCheckedSeed } from './withCheckedSeed.ts'

export type EnsureKeysParameters = {
  api: AuthApiClient
  deviceStore: DeviceShareStore
  userId: string
  /**
   * The x of a new wallet's recovery share that was shown but never typed back (the page reloaded):
   * the same text is rebuilt from this device's share and the API's, to be confirmed before use.
   */
  pendingRecoveryX?: number
}
export type EnsureKeysReturnType =
  /**
   * `recoveryShare` when the wallet was just made, or its text is still unconfirmed
   * (`pendingRecoveryX`): the caller has it typed back before the wallet is used.
   */
  | { status: 'ready'; addresses: WalletAddresses; recoveryShare?: Uint8Array }
  /**
   * No device share: the user must restore with the recovery text (`recoverKeys`). `recoveryShare`
   * is set when the wallet was just made but this device could not store its share: the caller must
   * offer it now, as it is then the only way back into the new wallet.
   */
  | { status: 'needsRecovery'; recoveryShare?: Uint8Array }

/** The auth share the API holds for the session's user, or null when it holds none (first login). */
async function fetchShare(api: AuthApiClient) {
  try {
    return await api.getShare()
  } catch (error) {
    if (error instanceof AuthApiError && error.reason === 'share_not_found') return null
    throw error
  }
}

/** The device share, or null when this device holds none or one it can no longer unwrap. */
async function loadDeviceShare(deviceStore: DeviceShareStore, userId: string) {
  try {
    return await deviceStore.load(userId)
  } catch (error) {
    if (error instanceof InvalidShareError) return null // the wrapping key is gone: same as no share
    throw error
  }
}

/**
 * A new wallet: seed, addresses, 2-of-3 split. The API is told first (it is the arbiter when two tabs
 * race: the second gets `share_exists` and uses the first one's wallet); the device share is saved
 * after. The seed is wiped before any network call; the auth and device shares once stored. The
 * recovery share is wiped only if the API refused the wallet: once the API holds its share, losing
 * the recovery share as well could lose the wallet.
 */
async function createKeys({ api, deviceStore, userId }: EnsureKeysParameters): Promise<EnsureKeysReturnType> {
  const seed = createSeed()
  let addresses: WalletAddresses
  let shares: Awaited<ReturnType<typeof splitSeed>>
  try {
    addresses = toWalletAddresses(seed)
    shares = await splitSeed(seed)
  } finally {
    seed.fill(0)
  }
  const { deviceShare, authShare, recoveryShare } = shares
  try {
    try {
      const stored = await api.putShare({ share: encodeShare(authShare), addresses })
      if (!sameAddresses(stored.addresses, addresses))
        throw new KeyMismatchError('the API stored other addresses')
    } catch (error) {
      recoveryShare.fill(0)
      throw error
    }
    try {
      await deviceStore.save(userId, deviceShare)
    } catch {
      return { status: 'needsRecovery', recoveryShare }
    }
    return { status: 'ready', addresses, recoveryShare }
  } finally {
    authShare.fill(0)
    deviceShare.fill(0)
  }
}

/**
 * After a login: makes the wallet on the first one; else rebuilds it from the API's auth share and
 * this device's share and checks it is the account's wallet (KeyMismatchError otherwise); with no
 * device share here (new device, or storage that did not survive), says recovery is needed.
 */
export async function ensureKeys(parameters: EnsureKeysParameters): Promise<EnsureKeysReturnType> {
  const { api, deviceStore, userId } = parameters
  const stored = await fetchShare(api)
  if (!stored) {
    try {
      return await createKeys(parameters)
    } catch (error) {
      // Another tab made the wallet between our GET and PUT: use that one.
      if (!(error instanceof AuthApiError && error.reason === 'share_exists')) throw error
      return ensureKeys(parameters)
    }
  }
  const deviceShare = await loadDeviceShare(deviceStore, userId)
  if (!deviceShare) return { status: 'needsRecovery' }
  const authShare = decodeShare(stored.share)
  const { pendingRecoveryX } = parameters
  // withCheckedSeed wipes what it gets: copies, when the pending recovery share is rebuilt after.
  const copies = pendingRecoveryX ? [deviceShare.slice(), authShare.slice()] : undefined
  try {
    await withCheckedSeed([deviceShare, authShare], stored.addresses, () => undefined)
    if (!copies || !pendingRecoveryX) return { status: 'ready', addresses: stored.addresses }
    const recoveryShare = await shareAtX(copies[0]!, copies[1]!, pendingRecoveryX)
    return { status: 'ready', addresses: stored.addresses, recoveryShare }
  } finally {
    for (const copy of copies ?? []) copy.fill(0)
  }
}
