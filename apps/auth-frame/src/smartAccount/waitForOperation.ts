import { RequestAbortedError } from '@modalkit/protocol'
import type { Hex } from 'viem'
import type { SmartAccountSession, UserOperationStatus } from './SmartAccountSession.ts'

/** How long a request waits for its operation to be mined before giving up. */
const MINED_TIMEOUT_MS = 60_000
const POLL_MS = 500

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(new RequestAbortedError())
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => {
      clearTimeout(timer)
      reject(new RequestAbortedError())
    })
  })

/** The operation's outcome once its bundle is in a block; aborted past the timeout or on `signal`. */
export async function waitForOperation(
  session: Pick<SmartAccountSession, 'status'>,
  hash: Hex,
  signal: AbortSignal,
): Promise<Exclude<UserOperationStatus, { status: 'pending' }>> {
  const deadline = Date.now() + MINED_TIMEOUT_MS
  while (Date.now() < deadline) {
    const status = await session.status(hash)
    if (status.status !== 'pending') return status
    await wait(POLL_MS, signal)
  }
  throw new RequestAbortedError()
}
