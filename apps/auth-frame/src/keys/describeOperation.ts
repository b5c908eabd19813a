import { getNetwork } from '@modalkit/shared'
import { formatEther } from 'ethers'
import type { RequestDescription, RequestField } from './RequestDescription.ts'

export type DescribeOperationParameters = {
  method: 'eth_sendTransaction' | 'wallet_sendCalls' | 'eth_sendUserOperation'
  /** CAIP-2 id of the chain the operation is sent on. */
  caipNetworkId: string
  /** The smart account that sends it. */
  account: string
  calls: readonly { to: string; value?: bigint | undefined; data?: string | undefined }[]
  /** The filled operation's most fee in wei, and who pays it. */
  maxFee: bigint
  payer: 'paymaster' | 'account'
  /** A paymaster the site named itself (eth_sendUserOperation), not its project's. */
  sitePaymaster?: string | undefined
  /** The operation deploys the account first. */
  deploys: boolean
  /** The site asking: named as the payer of a sponsored fee (its project's paymaster). */
  site: string
}

/**
 * The approval text of a smart account's user operation (issue 10): the network, the account (and
 * that this operation deploys it), each call as a person reads it, all calls succeeding or none, and
 * who pays the fee. Built from the filled operation that will be signed.
 */
export function describeOperation(parameters: DescribeOperationParameters): RequestDescription {
  const { method, caipNetworkId, account, calls, maxFee, payer, sitePaymaster, deploys, site } = parameters
  const network = getNetwork(caipNetworkId)
  const symbol = network?.nativeCurrency.symbol ?? 'ETH'
  const fields: RequestField[] = [
    { label: 'Network', value: network ? `${network.name} (${caipNetworkId})` : caipNetworkId },
    { label: 'Smart account', value: account },
  ]
  if (deploys) fields.push({ label: 'Account', value: 'Created on chain by this operation' })
  if (calls.length > 1)
    fields.push({ label: 'Calls', value: `${calls.length}, all succeed or none (atomic)` })
  calls.forEach((call, index) => {
    const data = call.data ?? '0x'
    const length = (data.length - 2) / 2
    const n = calls.length > 1 ? `#${index + 1} ` : ''
    fields.push(
      { label: `${n}To`, value: call.to },
      { label: `${n}Value`, value: `${formatEther(call.value ?? 0n)} ${symbol}` },
      { label: `${n}Data`, value: length === 0 ? 'none' : `${length} bytes` },
    )
    if (length >= 4) fields.push({ label: `${n}Function selector`, value: data.slice(0, 10) })
  })
  if (calls.length > 1) {
    const total = calls.reduce((sum, call) => sum + (call.value ?? 0n), 0n)
    fields.push({ label: 'Total value', value: `${formatEther(total)} ${symbol}` })
  }
  fields.push(
    payer === 'account'
      ? { label: 'Network fee', value: `up to ${formatEther(maxFee)} ${symbol}, from the smart account` }
      : sitePaymaster
        ? { label: 'Network fee', value: `Paid by paymaster ${sitePaymaster}, named by ${site}` }
        : { label: 'Network fee', value: `Paid by ${site} (sponsored)` },
  )
  const title =
    method === 'eth_sendUserOperation'
      ? 'Send user operation'
      : method === 'wallet_sendCalls'
        ? `Send ${calls.length} calls`
        : 'Send transaction'
  return { method, title, fields }
}
