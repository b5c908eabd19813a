import { hexChainIdSchema } from '@modalkit/protocol'
import { SESSION_KEYS, type SessionStore } from '../SessionStore.ts'

/** A batch this wallet sent: enough to answer wallet_getCallsStatus (no key material). */
export type StoredCalls = {
  /** The account that sent it: another account logged in here is not told about it. */
  from: string
  /** EIP-155 chain id, 0x-hex. */
  chainId: string
  /** How many calls the batch had. */
  total: number
  /** The hashes of the transactions sent, in call order (fewer than `total` if sending stopped). */
  hashes: string[]
  /** A smart account's batch is one user operation, its status read from the bundler. */
  userOperation?: string | undefined
}

function parseStored(text: string | null): StoredCalls | undefined {
  if (!text) return undefined
  try {
    const value = JSON.parse(text) as Partial<StoredCalls>
    const { from, chainId, total, hashes, userOperation } = value
    if (
      (userOperation === undefined ||
        (typeof userOperation === 'string' && /^0x[0-9a-fA-F]{64}$/.test(userOperation))) &&
      typeof from === 'string' &&
      hexChainIdSchema.safeParse(chainId).success &&
      Number.isInteger(total) &&
      Array.isArray(hashes) &&
      hashes.every((hash) => typeof hash === 'string' && /^0x[0-9a-fA-F]{64}$/.test(hash))
    ) {
      return { from, chainId: chainId as string, total: total as number, hashes, userOperation }
    }
  } catch {}
  return undefined
}

/**
 * The batches the wallet sent, by id: in memory, and in the frame's session store (its own origin's
 * storage, so a reload can still answer; memory only where the browser denies the frame storage).
 */
export function createCallsStore(store: SessionStore) {
  const memory = new Map<string, StoredCalls>()
  const key = (id: string) => `${SESSION_KEYS.callsPrefix}${id}`
  const get = (id: string): StoredCalls | undefined => {
    const known = memory.get(id) ?? parseStored(store.get(key(id)))
    if (known) memory.set(id, known)
    return known
  }
  return {
    get,
    has: (id: string) => get(id) !== undefined,
    save(id: string, calls: StoredCalls): void {
      memory.set(id, calls)
      try {
        store.set(key(id), JSON.stringify(calls))
      } catch {
        // A full or revoked storage leaves the batch in memory: the status works for this page.
      }
    },
  }
}

export type CallsStore = ReturnType<typeof createCallsStore>
