import { SmartAccountSigningRefusedError } from '@modalkit/protocol'
import type { ParsedTypedData } from '../keys/parseTypedData.ts'
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
export function refuseDelegationSigning({ data, types }: Pick<ParsedTypedData, 'data' | 'types'>): void {
  if (
    data.primaryType === 'Delegation' &&
    sameFields(types.Delegation, DELEGATION_TYPES.Delegation) &&
    sameFields(types.Caveat, DELEGATION_TYPES.Caveat)
  )
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
