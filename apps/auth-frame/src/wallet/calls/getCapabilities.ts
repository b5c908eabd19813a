import {
  type CapabilitiesResult,
  getCapabilitiesParamsSchema,
  MissingCapabilitiesAddressError,
  parseWith,
} from '@modalkit/protocol'
import { toQuantity } from 'ethers'
import { AccountMismatchError } from '../../keys/keyErrors.ts'

export type GetCapabilitiesParameters = {
  params: unknown
  /** The wallet's EVM address: the only account it answers for. */
  account: string
  /** The request's chain: answered for when the dapp named no chains. */
  chainId: bigint
}

/**
 * wallet_getCapabilities for an EOA: per chain asked about (the modal passes its configured eip155
 * networks when the dapp names none), atomic batching `unsupported`, and nothing else claimed.
 */
export function getCapabilities({ params, account, chainId }: GetCapabilitiesParameters): CapabilitiesResult {
  const address = Array.isArray(params) ? params[0] : undefined
  if (address === undefined || address === null || address === '') throw new MissingCapabilitiesAddressError()
  const [requested, chainIds] = parseWith(
    getCapabilitiesParamsSchema,
    params,
    'wallet_getCapabilities params',
  )
  if (requested.toLowerCase() !== account.toLowerCase()) throw new AccountMismatchError(requested)
  const chains = chainIds ?? [toQuantity(chainId)]
  return Object.fromEntries(
    chains.map((id) => [toQuantity(BigInt(id)), { atomic: { status: 'unsupported' as const } }]),
  )
}
