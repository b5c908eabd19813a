import { type DirectoryWallet, directoryWalletSchema } from '@modalkit/protocol'
import { RECENT_WALLETS_MAX, STORAGE_PREFIX } from '@modalkit/shared'
import * as z from 'zod/mini'

const KEY = `${STORAGE_PREFIX}recent_wallets`
const storedSchema = z.array(directoryWalletSchema).check(z.maxLength(RECENT_WALLETS_MAX))

/** SPEC §4: the recent-wallets list holds at most 2, newest first, each wallet once. */
export function addRecentWallet(
  list: readonly DirectoryWallet[],
  wallet: DirectoryWallet,
): DirectoryWallet[] {
  return [wallet, ...list.filter((w) => w.id !== wallet.id)].slice(0, RECENT_WALLETS_MAX)
}

/** The stored list; anything malformed in storage (another version, a tampered value) reads as empty. */
export function readRecentWallets(storage: Pick<Storage, 'getItem'> | undefined): DirectoryWallet[] {
  try {
    const parsed = storedSchema.safeParse(JSON.parse(storage?.getItem(KEY) ?? '[]'))
    return parsed.success ? parsed.data : []
  } catch {
    return []
  }
}

export function writeRecentWallets(
  storage: Pick<Storage, 'setItem'> | undefined,
  list: DirectoryWallet[],
): void {
  try {
    storage?.setItem(KEY, JSON.stringify(list))
  } catch {
    // Storage may be blocked in a third-party frame: the list then lasts for the page only.
  }
}
