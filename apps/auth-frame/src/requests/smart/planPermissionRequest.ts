import {
  AppKitError,
  grantPermissionsParamsSchema,
  invalidInput,
  type PermissionResponse,
  parseWith,
  RequestAbortedError,
  revokePermissionsParamsSchema,
  UnsupportedMethodError,
} from '@modalkit/protocol'
import { type Address, isErc6492Signature, parseErc6492Signature, type TypedDataDefinition } from 'viem'
import { phrase } from '../../i18n/phrase.ts'
import { describeGrant } from '../../keys/describeGrant.ts'
import { describeOperation } from '../../keys/describeOperation.ts'
import { AccountMismatchError } from '../../keys/keyErrors.ts'
import {
  decodePermissionContext,
  delegationTypedData,
  disableDelegationCall,
  encodePermissionContext,
} from '../../smartAccount/delegations.ts'
import { planGrant } from '../../smartAccount/planGrant.ts'
import type { SmartAccountSession } from '../../smartAccount/SmartAccountSession.ts'
import { waitForOperation } from '../../smartAccount/waitForOperation.ts'
import { readTokenInfo } from '../../wallet/readTokenInfo.ts'
import type { WalletRequest } from '../../wallet/WalletRequest.ts'
import type { RequestPlan } from '../RequestPlan.ts'

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/** A delegation's salt: random, so two grants with the same terms are two delegations. */
const randomSalt = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  return BigInt(`0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`)
}

/**
 * ERC-7715 for the embedded wallet's smart account. `wallet_grantPermissions` shows what
 * the site's account may do and until when, then signs one delegation per request (the account's
 * ERC-1271 signature over the DelegationManager's EIP-712 message) and answers ERC-7710's context
 * for each; nothing is sent on chain. `wallet_revokePermissions` disables a delegation of this
 * account on chain, by a user operation shown like any other, and answers `{}` once it is mined.
 */
export async function planPermissionRequest(
  { session, site }: { session: SmartAccountSession; site: string },
  request: WalletRequest,
  chain: { caipNetworkId: string; chainId: bigint },
): Promise<RequestPlan> {
  const framework = session.permissions
  if (!framework) throw new UnsupportedMethodError(request.method)
  const delegationManager = framework.delegationManager as Address

  if (request.method === 'wallet_grantPermissions') {
    const requests = parseWith(grantPermissionsParamsSchema, request.params, 'wallet_grantPermissions params')
    const now = Math.floor(Date.now() / 1000)
    const grants = requests.map((one, index) =>
      planGrant(one, index, {
        account: session.address,
        chainId: chain.chainId,
        framework,
        now,
        salt: randomSalt(),
      }),
    )
    const tokens = await Promise.all(
      grants.map(({ permission }) =>
        permission.type === 'erc20-token-transfer'
          ? readTokenInfo(
              (_, method, params) => session.read(method, params),
              chain.caipNetworkId,
              permission.data.address,
            )
          : undefined,
      ),
    )
    const description = describeGrant({
      caipNetworkId: chain.caipNetworkId,
      account: session.address,
      site,
      grants: grants.map((grant, i) => ({
        delegate: grant.delegate,
        permission: grant.permission,
        callLimit: grant.callLimit,
        expiry: grant.request.expiry,
        token: tokens[i],
      })),
    })
    return {
      description,
      async perform(signal) {
        const accountMeta = await session.factoryArgs()
        const responses: PermissionResponse[] = []
        for (const grant of grants) {
          if (signal.aborted) throw new RequestAbortedError()
          const signed = await session.signTypedData(
            delegationTypedData(grant.delegation, chain.chainId, delegationManager),
          )
          // Counterfactual, the account's signature comes wrapped in ERC-6492; the DelegationManager
          // checks the ERC-1271 signature inside, once the site has deployed the account (accountMeta).
          const signature = isErc6492Signature(signed) ? parseErc6492Signature(signed).signature : signed
          responses.push({
            ...grant.request,
            address: session.address,
            permission: grant.permission,
            context: encodePermissionContext([{ ...grant.delegation, signature }]),
            ...(accountMeta ? { accountMeta } : {}),
            signerMeta: { delegationManager },
          })
        }
        return responses
      },
    }
  }

  const what = 'wallet_revokePermissions params'
  const [{ permissionContext }] = parseWith(revokePermissionsParamsSchema, request.params, what)
  const delegations = decodePermissionContext(permissionContext as `0x${string}`, what)
  // The delegation this account made (a chain may hold others' redelegations of it).
  const leaf = delegations.find((d) => sameAddress(d.delegator, session.address))
  if (!leaf) throw new AccountMismatchError(delegations[0]?.delegator ?? '')
  // Only one it signed for this network's DelegationManager: disabling another (another network's,
  // or one never signed) would answer {} while the real one stays usable.
  const signed = await session.verifyTypedData(
    delegationTypedData(leaf, chain.chainId, delegationManager) as unknown as TypedDataDefinition,
    leaf.signature,
  )
  if (!signed)
    throw invalidInput(what, 'permissionContext is not a permission this account granted on this network', [
      0,
      'permissionContext',
    ])
  const call = disableDelegationCall(delegationManager, leaf)
  // The one call to the DelegationManager a smart account makes: revoking its own grant.
  const prepared = await session.prepare([call], { delegationManager: 'allowed' })
  const operation = describeOperation({
    method: 'eth_sendTransaction',
    caipNetworkId: chain.caipNetworkId,
    account: session.address,
    calls: [call],
    site,
    ...prepared,
  })
  return {
    description: {
      method: 'wallet_revokePermissions',
      title: phrase('title.revokePermission'),
      fields: [{ label: phrase('field.revokes'), value: leaf.delegate }, ...operation.fields],
    },
    async perform(signal) {
      if (signal.aborted) throw new RequestAbortedError()
      const status = await waitForOperation(session, await session.send(prepared), signal)
      if (status.status !== 'success')
        throw new AppKitError({
          code: 5000,
          shortMessage: 'The permission was not revoked: its operation reverted',
        })
      return {}
    },
  }
}
