import type { AccountState } from '@modalkit/protocol'
import type { Network } from '@modalkit/shared'
import { atom } from 'jotai/vanilla'
import type { ApiClient } from '../api/createApiClient.ts'

/**
 * The active account's native balance (SPEC §3 cached balances): base units, as a decimal string,
 * and when it was read (`readAt`, ms), which SPEC §9's 30 s lifetime counts from.
 */
export type NativeBalance = {
  caipAddress: string
  value: string
  decimals: number
  symbol: string
  readAt: number
}

export const nativeBalanceAtom = atom<NativeBalance | undefined>(undefined)

/** How long a balance read may hold up closing the modal after a request (SPEC §4). */
export const BALANCE_REFRESH_LIMIT_MS = 2_000

/**
 * Reads an account's native balance through the API's chain RPC proxy: `eth_getBalance` on eip155,
 * `getBalance` (lamports) on Solana. Other namespaces have no balance here (undefined).
 */
export async function readNativeBalance(
  api: Pick<ApiClient, 'rpc'>,
  projectId: string,
  network: Network,
  account: AccountState,
): Promise<Omit<NativeBalance, 'readAt'> | undefined> {
  const { address, caipAddress } = account
  if (!address || !caipAddress) return undefined
  let value: bigint
  if (network.chainNamespace === 'eip155') {
    const hex = await api.rpc(projectId, network.caipNetworkId, 'eth_getBalance', [address, 'latest'])
    if (typeof hex !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(hex)) return undefined
    value = BigInt(hex)
  } else if (network.chainNamespace === 'solana') {
    const reply = (await api.rpc(projectId, network.caipNetworkId, 'getBalance', [address])) as {
      value?: unknown
    } | null
    if (typeof reply?.value !== 'number' || !Number.isSafeInteger(reply.value) || reply.value < 0)
      return undefined
    value = BigInt(reply.value)
  } else return undefined
  const { decimals, symbol } = network.nativeCurrency
  return { caipAddress, value: value.toString(), decimals, symbol }
}
