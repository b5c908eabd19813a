import { invalidInput } from '@modalkit/protocol'
import { type Address, decodeAbiParameters, encodeAbiParameters, encodeFunctionData, type Hex } from 'viem'

/**
 * ERC-7715 over ERC-7710: a permission the embedded wallet's smart account grants a site is
 * a delegation of MetaMask's Delegation Framework, signed by the account (ERC-1271) and scoped by
 * the framework's caveat enforcers, which the DelegationManager runs on every redemption. Nothing
 * here is trusted on chain but the enforcers: this module only builds what the user approves.
 */

/** A root delegation: the account itself is the authority (no parent delegation). */
export const ROOT_AUTHORITY: Hex = `0x${'f'.repeat(64)}`
/** The longest a permission may last: a year and a day. */
export const MAX_PERMISSION_SECONDS = 366 * 24 * 3600

export type Caveat = { enforcer: Address; terms: Hex; args: Hex }
export type Delegation = {
  delegate: Address
  delegator: Address
  authority: Hex
  caveats: Caveat[]
  salt: bigint
  signature: Hex
}

/** The framework's EIP-712 types (a caveat's `args` is given at redemption and is not signed). */
export const DELEGATION_TYPES = {
  Delegation: [
    { name: 'delegate', type: 'address' },
    { name: 'delegator', type: 'address' },
    { name: 'authority', type: 'bytes32' },
    { name: 'caveats', type: 'Caveat[]' },
    { name: 'salt', type: 'uint256' },
  ],
  Caveat: [
    { name: 'enforcer', type: 'address' },
    { name: 'terms', type: 'bytes' },
  ],
} as const

const DELEGATIONS_PARAMETER = {
  type: 'tuple[]',
  components: [
    { name: 'delegate', type: 'address' },
    { name: 'delegator', type: 'address' },
    { name: 'authority', type: 'bytes32' },
    {
      name: 'caveats',
      type: 'tuple[]',
      components: [
        { name: 'enforcer', type: 'address' },
        { name: 'terms', type: 'bytes' },
        { name: 'args', type: 'bytes' },
      ],
    },
    { name: 'salt', type: 'uint256' },
    { name: 'signature', type: 'bytes' },
  ],
} as const

/** How a site redeems a permission (ERC-7710): the DelegationManager's redeemDelegations. */
export const REDEEM_DELEGATIONS_ABI = [
  {
    type: 'function',
    name: 'redeemDelegations',
    stateMutability: 'nonpayable',
    inputs: [
      { name: '_permissionContexts', type: 'bytes[]' },
      { name: '_modes', type: 'bytes32[]' },
      { name: '_executionCallDatas', type: 'bytes[]' },
    ],
    outputs: [],
  },
] as const
/** ERC-7579's mode of one call that reverts on failure: the only one the account executes. */
export const SINGLE_DEFAULT_MODE: Hex = `0x${'0'.repeat(64)}`

const DISABLE_DELEGATION_ABI = [
  {
    type: 'function',
    name: 'disableDelegation',
    stateMutability: 'nonpayable',
    inputs: [{ name: '_delegation', ...DELEGATIONS_PARAMETER, type: 'tuple' }],
    outputs: [],
  },
] as const

/** The EIP-712 message the account signs for a delegation (the DelegationManager's domain). */
export function delegationTypedData(
  delegation: Omit<Delegation, 'signature'>,
  chainId: bigint,
  delegationManager: Address,
) {
  return {
    domain: { name: 'DelegationManager', version: '1', chainId, verifyingContract: delegationManager },
    types: DELEGATION_TYPES,
    primaryType: 'Delegation' as const,
    message: {
      delegate: delegation.delegate,
      delegator: delegation.delegator,
      authority: delegation.authority,
      caveats: delegation.caveats.map(({ enforcer, terms }) => ({ enforcer, terms })),
      salt: delegation.salt,
    },
  }
}

/** ERC-7710's permission context: `abi.encode(Delegation[])`, the leaf first. */
export function encodePermissionContext(delegations: readonly Delegation[]): Hex {
  return encodeAbiParameters([DELEGATIONS_PARAMETER], [delegations])
}

/** The delegations of a permission context, or a typed error when it is not one. */
export function decodePermissionContext(context: Hex, what: string): Delegation[] {
  try {
    const [delegations] = decodeAbiParameters([DELEGATIONS_PARAMETER], context)
    if (delegations.length === 0) throw new Error('empty')
    return delegations.map((d) => ({ ...d, caveats: d.caveats.map((c) => ({ ...c })) }))
  } catch {
    throw invalidInput(what, 'permissionContext is not a delegation chain (abi-encoded Delegation[])', [
      0,
      'permissionContext',
    ])
  }
}

/** The call that revokes a delegation: only its delegator (the account) may make it. */
export function disableDelegationCall(
  delegationManager: Address,
  delegation: Delegation,
): { to: Address; data: Hex } {
  return {
    to: delegationManager,
    data: encodeFunctionData({
      abi: DISABLE_DELEGATION_ABI,
      functionName: 'disableDelegation',
      args: [delegation],
    }),
  }
}
