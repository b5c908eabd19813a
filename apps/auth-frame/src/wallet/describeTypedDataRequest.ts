import { parseWith, signTypedDataV4ParamsSchema, typedDataSchema } from '@modalkit/protocol'
import { describePermit } from '../keys/describePermit.ts'
import { describeRequest } from '../keys/describeRequest.ts'
import type { RequestDescription } from '../keys/RequestDescription.ts'
import { readTokenInfo } from './readTokenInfo.ts'
import { toRequestChain } from './toRequestChain.ts'
import type { WalletRequest, WalletRpc } from './WalletRequest.ts'

/**
 * The approval text of an eth_signTypedData_v4: the domain and the whole message (describeRequest),
 * and first, when the message is a known permit, what it allows in words, with the token's symbol
 * and decimals read from the token contract on the request's chain.
 */
export async function describeTypedDataRequest(
  request: WalletRequest,
  rpc: WalletRpc,
): Promise<RequestDescription> {
  const description = describeRequest(request.method, request.params)
  const [, payload] = parseWith(signTypedDataV4ParamsSchema, request.params, 'eth_signTypedData_v4 params')
  // describeRequest parsed the same payload above, so this cannot fail differently.
  const typed = parseWith(
    typedDataSchema,
    typeof payload === 'string' ? JSON.parse(payload) : payload,
    'typed data',
  )
  const chain = toRequestChain(request)
  const permits = await describePermit(typed, (token) => readTokenInfo(rpc, chain.caipNetworkId, token))
  return { ...description, fields: [...permits, ...description.fields] }
}
