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
import { type Address, encodePacked, type Hex, toHex } from 'viem'
import { AccountMismatchError } from '../keys/keyErrors.ts'
import { type Caveat, type Delegation, MAX_PERMISSION_SECONDS, ROOT_AUTHORITY } from './delegations.ts'

/** What one approved request becomes: the permission as granted, and its unsigned delegation. */
export type PlannedGrant = {
  request: PermissionRequest
  permission: Permission
  delegate: Address
  callLimit: number | undefined
  delegation: Omit<Delegation, 'signature'>
}

const uint256 = (value: bigint) => toHex(value, { size: 32 })
/** The DelegationManager's "any delegate" (0xa11): a delegation to it is anyone's. */
const ANY_DELEGATE = 0xa11n
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
