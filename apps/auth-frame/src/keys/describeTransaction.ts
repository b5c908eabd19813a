import type { EvmTransactionRequest } from '@modalkit/protocol'
import { formatUnits } from 'ethers'
import { describeApprovalCall } from './describeApprovalCall.ts'
import { describeNetwork } from './describeNetwork.ts'
import type { TokenInfo } from './formatAllowance.ts'
import type { RequestField } from './RequestDescription.ts'

export type DescribeTransactionParameters = {
  caipNetworkId: string
  /** The network name the site configured: shown only for chains the frame does not know. */
  siteNetworkName?: string | undefined
  /** The filled transaction (nonce, gas, fees): exactly what is signed once approved. */
  transaction: EvmTransactionRequest
  /** The token's symbol and decimals when the data is an approval and they could be read. */
  token?: TokenInfo | undefined
  /** A line to warn with (a fee cap far above the node's estimate). */
  feeWarning?: string | undefined
}

const wei = (quantity: string | undefined) => BigInt(quantity ?? '0x0')
const gwei = (amount: bigint) => `${formatUnits(amount, 'gwei')} gwei`

/**
 * The approval text of one eth_sendTransaction, built from the filled transaction that will be
 * signed: network (name and CAIP-2 id), recipient, value in the chain's own currency, the data and
 * any allowance it grants, then the nonce, the gas limit, the fee cap per gas, and the most it can
 * cost in all (value + gas limit × fee cap). Issue 14: the screen shows what is signed.
 */
export function describeTransaction({
  caipNetworkId,
  siteNetworkName,
  transaction: tx,
  token,
  feeWarning,
}: DescribeTransactionParameters): { title: string; fields: RequestField[] } {
  const network = describeNetwork(caipNetworkId, siteNetworkName)
  const amount = (value: bigint) => `${formatUnits(value, network.decimals)} ${network.symbol}`
  const data = tx.data ?? '0x'
  const length = (data.length - 2) / 2
  const feePerGas = wei(tx.maxFeePerGas ?? tx.gasPrice)
  const gas = wei(tx.gas)
  const fields: RequestField[] = [
    network.field,
    { label: 'To', value: tx.to ?? '(new contract)' },
    { label: 'Value', value: amount(wei(tx.value)) },
    { label: 'Data', value: length === 0 ? 'none' : `${length} bytes` },
    ...(length >= 4 ? [{ label: 'Function selector', value: data.slice(0, 10) }] : []),
    ...describeApprovalCall(tx.to, tx.data, token),
    { label: 'Nonce', value: String(wei(tx.nonce)) },
    { label: 'Gas limit', value: String(gas) },
    tx.maxFeePerGas === undefined
      ? { label: 'Gas price', value: gwei(feePerGas) }
      : { label: 'Max fee per gas', value: gwei(feePerGas) },
    ...(tx.maxPriorityFeePerGas === undefined
      ? []
      : [{ label: 'Max priority fee per gas', value: gwei(wei(tx.maxPriorityFeePerGas)) }]),
    { label: 'Max fee', value: `up to ${amount(gas * feePerGas)}` },
    { label: 'Total', value: `up to ${amount(wei(tx.value) + gas * feePerGas)}` },
    ...(feeWarning ? [{ label: 'Warning', value: feeWarning, warning: true as const }] : []),
  ]
  return { title: tx.to ? 'Send transaction' : 'Deploy contract', fields }
}
