import type { Permission } from '@modalkit/protocol'
import { getNetwork } from '@modalkit/shared'
import { formatEther } from 'ethers'
import { numbered, phrase } from '../i18n/phrase.ts'
import { formatAllowance, formatDeadline, type TokenInfo } from './formatAllowance.ts'
import type { RequestDescription, RequestField } from './RequestDescription.ts'

export type DescribedGrant = {
  /** Who may act: the site's own account (ERC-7710's delegate). */
  delegate: string
  permission: Permission
  callLimit: number | undefined
  /** Unix seconds. */
  expiry: number
  /** The token's symbol and decimals when an ERC-20 permission's contract answered them. */
  token?: TokenInfo | undefined
}

/**
 * The approval text of an ERC-7715 grant: on which network and account, who receives the
 * permission, what exactly it lets them do (the limits the enforcers hold on chain), for how long,
 * and, in the warning style, that nothing will be asked again while it lasts.
 */
export function describeGrant(parameters: {
  caipNetworkId: string
  account: string
  site: string
  grants: readonly DescribedGrant[]
}): RequestDescription {
  const { caipNetworkId, account, site, grants } = parameters
  const network = getNetwork(caipNetworkId)
  const symbol = network?.nativeCurrency.symbol ?? 'ETH'
  const fields: RequestField[] = [
    {
      label: phrase('field.network'),
      value: network ? phrase('network.known', { name: network.name, id: caipNetworkId }) : caipNetworkId,
    },
    { label: phrase('field.smartAccount'), value: account },
  ]
  grants.forEach((grant, index) => {
    const n = grants.length > 1 ? index + 1 : undefined
    const { permission } = grant
    fields.push({ label: numbered(phrase('field.grantedTo'), n), value: grant.delegate })
    fields.push({
      label: numbered(phrase('field.permission'), n),
      value:
        permission.type === 'native-token-transfer'
          ? phrase('permission.nativeTransfer', {
              amount: `${formatEther(BigInt(permission.data.allowance))} ${symbol}`,
            })
          : phrase('permission.tokenTransfer', {
              // The contract always shows: a token's own symbol proves nothing about which it is.
              token: permission.data.address,
              amount: grant.token
                ? formatAllowance(BigInt(permission.data.allowance), permission.data.address, grant.token)
                : phrase('spl.rawUnits', { amount: BigInt(permission.data.allowance).toString() }),
            }),
      warning: true,
    })
    if (grant.callLimit !== undefined)
      fields.push({
        label: numbered(phrase('field.callLimit'), n),
        value: phrase('permission.callLimit', { count: String(grant.callLimit) }),
      })
    fields.push({ label: numbered(phrase('field.expires'), n), value: formatDeadline(BigInt(grant.expiry)) })
  })
  fields.push({
    label: phrase('field.warning'),
    value: phrase('permission.noApproval', { site }),
    warning: true,
  })
  return {
    method: 'wallet_grantPermissions',
    title: phrase('title.grantPermissions', { count: String(grants.length) }),
    fields,
  }
}
