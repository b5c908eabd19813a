import {
  parseWith,
  SmartAccountSigningRefusedError,
  sendCallsParamsSchema,
  sendTransactionParamsSchema,
  signTypedDataV4ParamsSchema,
} from '@modalkit/protocol'
import { type ParsedTypedData, parseTypedData } from '../keys/parseTypedData.ts'
import { DELEGATION_TYPES } from './delegations.ts'

type Fields = readonly { name: string; type: string }[]

const sameFields = (a: Fields | undefined, b: Fields) =>
  a !== undefined &&
  a.length === b.length &&
  a.every((f, i) => f.name === b[i]!.name && f.type === b[i]!.type)

/** ERC-7739's wrappers: a Solady account's signature is its owner's over one of these. */
const ERC7739_WRAPPERS = new Set(['TypedDataSign', 'PersonalSign'])

/**
 * The smart account never signs a Delegation Framework delegation as plain typed data: the
 * DelegationManager's type is fixed, so this shape is exactly what it would redeem, scope or no
 * scope. wallet_grantPermissions signs delegations, after an approval that shows their scope.
 */
export function refuseDelegationSigning(
  { data, types, domain }: Pick<ParsedTypedData, 'data' | 'types' | 'domain'>,
  delegationManager: string | undefined,
): void {
  // Field names are identifiers (typedDataSchema), so the fields decide the hashed type string.
  const delegation =
    data.primaryType === 'Delegation' &&
    sameFields(types.Delegation, DELEGATION_TYPES.Delegation) &&
    sameFields(types.Caveat, DELEGATION_TYPES.Caveat)
  const verifyingContract = typeof domain.verifyingContract === 'string' ? domain.verifyingContract : ''
  const forManager =
    !!delegationManager && verifyingContract.toLowerCase() === delegationManager.toLowerCase()
  if (delegation || forManager)
    throw new SmartAccountSigningRefusedError('a delegation: ask wallet_grantPermissions')
}

/**
 * The owner key (the embedded wallet's EOA) never signs what would be its smart account's own
 * signature: ERC-7739's TypedDataSign or PersonalSign, or any message under the account's EIP-712
 * domain (the same address on every chain). Those are produced only through the smart account, whose
 * requests are shown as the account's.
 */
export function refuseOwnerSigningForAccount(
  { data, domain }: Pick<ParsedTypedData, 'data' | 'domain'>,
  smartAccount: string,
): void {
  if (ERC7739_WRAPPERS.has(data.primaryType))
    throw new SmartAccountSigningRefusedError(
      `${data.primaryType}: ERC-7739's wrapper of a smart-account signature`,
    )
  const verifyingContract = typeof domain.verifyingContract === 'string' ? domain.verifyingContract : ''
  if (verifyingContract.toLowerCase() === smartAccount.toLowerCase())
    throw new SmartAccountSigningRefusedError('a message for the smart account itself')
}

/** Smart-account calls the owner key would make itself: Solady's account obeys its owner directly. */
function callsOf(
  method: string,
  params: unknown,
): { to?: string | null | undefined; data?: string | undefined }[] {
  if (method === 'eth_sendTransaction') {
    const [tx] = parseWith(sendTransactionParamsSchema, params, 'eth_sendTransaction params')
    return [{ to: tx.to, data: tx.data ?? tx.input }]
  }
  if (method === 'wallet_sendCalls')
    return parseWith(sendCallsParamsSchema, params, 'wallet_sendCalls params')[0].calls
  return []
}

/**
 * A request to the owner key (EOA mode) while it owns a smart account: typed data that would be the
 * account's signature (refuseOwnerSigningForAccount, and delegations), and transactions that call the
 * account with data (Solady's `execute`, `transferOwnership`, `upgradeToAndCall` obey their owner):
 * refused. Plain ETH sent to the account stays allowed.
 */
export function refuseOwnerRequest(
  request: { method: string; params: unknown },
  chainId: bigint,
  account: { address: string; permissions?: { delegationManager: string } | undefined },
): void {
  if (request.method === 'eth_signTypedData_v4') {
    const [, payload] = parseWith(signTypedDataV4ParamsSchema, request.params, 'eth_signTypedData_v4 params')
    const parsed = parseTypedData(payload, chainId)
    refuseOwnerSigningForAccount(parsed, account.address)
    refuseDelegationSigning(parsed, account.permissions?.delegationManager)
    return
  }
  for (const call of callsOf(request.method, request.params)) {
    const data = call.data ?? '0x'
    if (call.to && call.to.toLowerCase() === account.address.toLowerCase() && data !== '0x')
      throw new SmartAccountSigningRefusedError('a call to the smart account from its owner key')
  }
}
