import type { HostSnapshot } from '@modalkit/protocol'
import { eip155ChainId } from './providerEvents.ts'
import type { Store } from './store.ts'

/** How long a switch waits for the wallet's chainChanged to reach the mirrored state. */
export const CHAIN_SETTLE_TIMEOUT_MS = 2000

/**
 * Settles once the mirrored state is on `chainId` (hex), or after `timeoutMs`: a browser wallet
 * answers `wallet_switchEthereumChain` before its `chainChanged` has crossed to the modal and back,
 * and clients (ethers, viem) read `eth_chainId` right after the switch resolves (EIP-3326: the
 * switch is done when it resolves). It never rejects: a wallet that does not report its chain keeps
 * the state it had, as before.
 */
export function waitForChain(
  store: Store<HostSnapshot>,
  chainId: string,
  timeoutMs = CHAIN_SETTLE_TIMEOUT_MS,
): Promise<void> {
  const wanted = toChainNumber(chainId)
  const reached = (snapshot: HostSnapshot) => {
    const current = eip155ChainId(snapshot)
    return current !== undefined && toChainNumber(current) === wanted
  }
  if (wanted === undefined || reached(store.get())) return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      stop()
      resolve()
    }
    const timer = setTimeout(done, timeoutMs)
    const stop = store.subscribe((snapshot) => {
      if (reached(snapshot)) done()
    })
  })
}

function toChainNumber(hex: string): number | undefined {
  const id = /^0x[0-9a-fA-F]{1,13}$/.test(hex) ? Number.parseInt(hex, 16) : Number.NaN
  return Number.isSafeInteger(id) ? id : undefined
}
