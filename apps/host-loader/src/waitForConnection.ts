import { ConnectionRejectedError, type HostSnapshot } from '@modalkit/protocol'
import type { Store } from './store.ts'

/**
 * Like a browser wallet's connect: what `read` finds in the mirrored state now, else opens the modal
 * and settles when `read` finds it (the user connected) or rejects with 4001 'Connection rejected'
 * when the modal closes first. `eth_requestAccounts` and the Solana provider's `connect()` use it.
 */
export async function waitForConnection<T>(
  store: Store<HostSnapshot>,
  open: () => Promise<void>,
  read: (snapshot: HostSnapshot) => T | undefined,
): Promise<T> {
  const now = read(store.get())
  if (now !== undefined) return now
  let stop = () => {}
  const settled = new Promise<T>((resolve, reject) => {
    let opened = false
    stop = store.subscribe((snapshot) => {
      const found = read(snapshot)
      if (found !== undefined) {
        stop()
        resolve(found)
      } else if (snapshot.open) {
        opened = true
      } else if (opened) {
        stop()
        reject(new ConnectionRejectedError('the modal was closed before a wallet connected'))
      }
    })
  })
  try {
    await open()
  } catch (error) {
    stop()
    throw error
  }
  return settled
}
