import { getNetwork } from '@modalkit/shared'
import { formatEther, formatUnits } from 'ethers'
import { numbered, phrase, type Shown } from '../i18n/phrase.ts'
import type { CallTokens } from './calls/CallDecoder.ts'
import { dataSize } from './dataSize.ts'
import { describeCall, unknownCallsWarning } from './describeCall.ts'
import type { RequestDescription, RequestField } from './RequestDescription.ts'

/** The fees a site set in its own operation (eth_sendUserOperation's gas fields), checked. */
export type SiteOperationFees = {
  maxFeePerGas: bigint
  maxPriorityFeePerGas: bigint
  /** The fee-cap check's warning (checkFeeCap): a cap far above the network's estimate, or unchecked. */
  warning?: Shown | undefined
  /** The chain has EIP-1559's base fee. */
  eip1559: boolean
}

export type DescribeOperationParameters = {
  method: 'eth_sendTransaction' | 'wallet_sendCalls' | 'eth_sendUserOperation'
  /** CAIP-2 id of the chain the operation is sent on. */
  caipNetworkId: string
  /** The smart account that sends it. */
  account: string
  calls: readonly { to: string; value?: bigint | undefined; data?: string | undefined }[]
  /** The symbols and decimals of the tokens the calls move or allow, those that could be read. */
  tokens?: CallTokens | undefined
  /** The filled operation's most fee in wei, and who pays it. */
  maxFee: bigint
  payer: 'paymaster' | 'account'
  /** A paymaster the site named itself (eth_sendUserOperation), not its project's. */
  sitePaymaster?: string | undefined
  /** The operation deploys the account first. */
  deploys: boolean
  /** The site asking: named as the payer of a sponsored fee (its project's paymaster). */
  site: string
  /** The fees, when the site set them itself. */
  siteFees?: SiteOperationFees | undefined
}

const gwei = (amount: bigint) => `${formatUnits(amount, 'gwei')} gwei`

/**
 * A site's own fees, each per gas, then its warnings: the fee-cap check's, and a priority fee equal
 * to the cap on a chain with a base fee, which the EntryPoint takes as a legacy gas price (the whole
 * cap is paid, whatever the base fee).
 */
function siteFeeFields({ maxFeePerGas, maxPriorityFeePerGas, warning, eip1559 }: SiteOperationFees) {
  const fields: RequestField[] = [
    { label: phrase('field.maxFeePerGas'), value: gwei(maxFeePerGas) },
    { label: phrase('field.maxPriorityFeePerGas'), value: gwei(maxPriorityFeePerGas) },
  ]
  if (warning) fields.push({ label: phrase('field.warning'), value: warning, warning: true })
  if (eip1559 && maxFeePerGas === maxPriorityFeePerGas)
    fields.push({
      label: phrase('field.warning'),
      value: phrase('fee.wholeCap', { cap: gwei(maxFeePerGas) }),
      warning: true,
    })
  return fields
}

/**
 * The approval text of a smart account's user operation: the network, the account (and
 * that this operation deploys it), each call as a person reads it (describeCall, with a warning on
 * top when any cannot be read), all calls succeeding or none, and
 * who pays the fee. Built from the filled operation that will be signed.
 */
export function describeOperation(parameters: DescribeOperationParameters): RequestDescription {
  const { method, caipNetworkId, account, calls, maxFee, payer, sitePaymaster, deploys, site, siteFees } =
    parameters
  const network = getNetwork(caipNetworkId)
  const symbol = network?.nativeCurrency.symbol ?? 'ETH'
  const count = String(calls.length)
  const fields: RequestField[] = [
    {
      label: phrase('field.network'),
      value: network ? phrase('network.known', { name: network.name, id: caipNetworkId }) : caipNetworkId,
    },
    { label: phrase('field.smartAccount'), value: account },
  ]
  if (deploys) fields.push({ label: phrase('field.account'), value: phrase('operation.deploysAccount') })
  if (calls.length > 1)
    fields.push({ label: phrase('field.calls'), value: phrase('operation.atomic', { count }) })
  let undecoded = false
  const native = (amount: bigint) => `${formatEther(amount)} ${symbol}`
  calls.forEach((call, index) => {
    const data = call.data ?? '0x'
    // A lone call's lines carry no number.
    const n = calls.length > 1 ? index + 1 : undefined
    fields.push(
      { label: numbered(phrase('field.to'), n), value: call.to },
      { label: numbered(phrase('field.value'), n), value: `${formatEther(call.value ?? 0n)} ${symbol}` },
      { label: numbered(phrase('field.data'), n), value: dataSize(data) },
    )
    if (data.length >= 10)
      fields.push({ label: numbered(phrase('field.functionSelector'), n), value: data.slice(0, 10) })
    const described = describeCall(call, { tokens: parameters.tokens, native, index: n })
    fields.push(...described.fields)
    undecoded ||= described.undecoded
  })
  if (undecoded) fields.unshift(unknownCallsWarning())
  if (calls.length > 1) {
    const total = calls.reduce((sum, call) => sum + (call.value ?? 0n), 0n)
    fields.push({ label: phrase('field.totalValue'), value: `${formatEther(total)} ${symbol}` })
  }
  fields.push({
    label: phrase('field.networkFee'),
    value:
      payer === 'account'
        ? phrase('operation.feeFromAccount', { amount: `${formatEther(maxFee)} ${symbol}` })
        : sitePaymaster
          ? phrase('operation.feeSitePaymaster', { paymaster: sitePaymaster, site })
          : phrase('operation.feeSponsored', { site }),
  })
  if (siteFees) fields.push(...siteFeeFields(siteFees))
  const title =
    method === 'eth_sendUserOperation'
      ? phrase('title.sendUserOperation')
      : method === 'wallet_sendCalls'
        ? phrase('title.sendCalls', { count })
        : phrase('title.sendTransaction')
  return { method, title, fields }
}
