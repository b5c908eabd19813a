import {
  accountSignerSchema,
  ChainNotSupportedError,
  callLimitPolicySchema,
  type DelegationFramework,
  grantedPermissionSchema,
  invalidInput,
  type Permission,
  type PermissionRequest,
} from '@modalkit/protocol'
import {
  type Address,
  decodeAbiParameters,
  encodeAbiParameters,
  encodeFunctionData,
  encodePacked,
  type Hex,
  toHex,
} from 'viem'
import { AccountMismatchError } from '../keys/keyErrors.ts'

/**
 * Issue 10, ERC-7715 over ERC-7710: a permission the embedded wallet's smart account grants a site is
 * a delegation of MetaMask's Delegation Framework, signed by the account (ERC-1271) and scoped by
 * the framework's caveat enforcers, which the DelegationManager runs on every redemption. Nothing
 * here is trusted on chain but the enforcers: this module only builds what the user approves.
 */

/** A root delegation: the account itself is the authority (no parent delegation). */
export const ROOT_AUTHORITY: Hex = `0x${'f'.repeat(64)}`
/** The DelegationManager's "any delegate" (0xa11): a delegation to it is anyone's. */
const ANY_DELEGATE = 0xa11n
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

/** What one approved request becomes: the permission as granted, and its unsigned delegation. */
export type PlannedGrant = {
  request: PermissionRequest
  permission: Permission
  delegate: Address
  callLimit: number | undefined
  delegation: Omit<Delegation, 'signature'>
}

const uint256 = (value: bigint) => toHex(value, { size: 32 })
const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()
const WHAT = 'wallet_grantPermissions params'

/**
 * Checks one ERC-7715 request against what the account can enforce and builds its delegation:
 * - `native-token-transfer`: at most `allowance` wei in total, as plain transfers (exact empty
 *   calldata, so the value cannot ride along a contract call);
 * - `erc20-token-transfer`: `transfer` calls on that token only, at most `allowance` in total, no ETH;
 * - always a time window ending at `expiry`, and `call-limit` as a count of redemptions.
 * Anything else (another signer, permission or policy type) is refused, never granted wider.
 */
export function planGrant(
  request: PermissionRequest,
  index: number,
  context: { account: Address; chainId: bigint; framework: DelegationFramework; now: number; salt: bigint },
): PlannedGrant {
  const { account, chainId, framework, now, salt } = context
  const path = (...rest: (string | number)[]) => [index, ...rest]
  if (BigInt(request.chainId) !== chainId) throw new ChainNotSupportedError(request.chainId)
  if (request.address !== undefined && !sameAddress(request.address, account))
    throw new AccountMismatchError(request.address)
  const signer = accountSignerSchema.safeParse(request.signer)
  if (!signer.success)
    throw invalidInput(
      WHAT,
      `signer type ${request.signer.type} is not supported; use account (ERC-7710)`,
      path('signer'),
    )
  const permission = grantedPermissionSchema.safeParse(request.permission)
  if (!permission.success)
    throw invalidInput(
      WHAT,
      `permission ${request.permission.type} is not supported as given; use native-token-transfer {allowance} or erc20-token-transfer {address, allowance}`,
      path('permission'),
    )
  if (request.expiry <= now) throw invalidInput(WHAT, 'expiry is in the past', path('expiry'))
  if (request.expiry > now + MAX_PERMISSION_SECONDS)
    throw invalidInput(WHAT, 'expiry is more than a year away', path('expiry'))
  let callLimit: number | undefined
  for (const [i, policy] of (request.policies ?? []).entries()) {
    const parsed = callLimitPolicySchema.safeParse(policy)
    if (!parsed.success || callLimit !== undefined)
      throw invalidInput(
        WHAT,
        `policy ${policy.type} is not supported; only one call-limit`,
        path('policies', i),
      )
    callLimit = parsed.data.data.count
  }
  const { enforcers } = framework
  const granted = permission.data
  const scope: Caveat[] =
    granted.type === 'native-token-transfer'
      ? [
          {
            enforcer: enforcers.nativeTokenTransferAmount as Address,
            terms: uint256(BigInt(granted.data.allowance)),
            args: '0x',
          },
          { enforcer: enforcers.exactCalldata as Address, terms: '0x', args: '0x' },
        ]
      : [
          {
            enforcer: enforcers.erc20TransferAmount as Address,
            terms: encodePacked(
              ['address', 'uint256'],
              [granted.data.address as Address, BigInt(granted.data.allowance)],
            ),
            args: '0x',
          },
          { enforcer: enforcers.valueLte as Address, terms: uint256(0n), args: '0x' },
        ]
  const caveats: Caveat[] = [
    ...scope,
    {
      enforcer: enforcers.timestamp as Address,
      terms: encodePacked(['uint128', 'uint128'], [0n, BigInt(request.expiry)]),
      args: '0x',
    },
    ...(callLimit === undefined
      ? []
      : [
          {
            enforcer: enforcers.limitedCalls as Address,
            terms: uint256(BigInt(callLimit)),
            args: '0x' as Hex,
          },
        ]),
  ]
  const delegate = signer.data.data.address as Address
  // The DelegationManager's ANY_DELEGATE would let whoever holds the context redeem it.
  if (BigInt(delegate) === ANY_DELEGATE || BigInt(delegate) === 0n)
    throw invalidInput(WHAT, 'signer must be one account, not anyone', path('signer', 'data', 'address'))
  return {
    request,
    permission: granted,
    delegate,
    callLimit,
    delegation: { delegate, delegator: account, authority: ROOT_AUTHORITY, caveats, salt },
  }
}

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
