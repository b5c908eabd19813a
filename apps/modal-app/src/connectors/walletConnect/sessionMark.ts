import { STORAGE_PREFIX } from '@modalkit/shared'

/**
 * Marks that a WalletConnect session may exist, so its code (the connector, and the large SDK) loads
 * at start only then: the connector's stand-in reads it (createLazyWalletConnectConnector.ts), the
 * client writes it.
 */
const SESSION_MARK = `${STORAGE_PREFIX}wc_session`

export function readSessionMark(storage: Storage | undefined): boolean {
  try {
    return storage?.getItem(SESSION_MARK) === '1'
  } catch {
    return false
  }
}

export function writeSessionMark(storage: Storage | undefined, on: boolean): void {
  try {
    if (on) storage?.setItem(SESSION_MARK, '1')
    else storage?.removeItem(SESSION_MARK)
  } catch {
    // Storage may be blocked in a third-party frame: the session then lasts for the page only.
  }
}
