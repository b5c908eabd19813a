import type { EvmTransactionRequest } from '@modalkit/protocol'
import { formatUnits } from 'ethers'
import { type Phrase, phrase, type Shown } from '../i18n/phrase.ts'
import type { CallTokens } from './calls/CallDecoder.ts'
import { dataSize } from './dataSize.ts'
import { describeCall, unknownCallsWarning } from './describeCall.ts'
import { describeNetwork } from './describeNetwork.ts'
import type { RequestField } from './RequestDescription.ts'

export type DescribeTransactionParameters = {
  caipNetworkId: string
  /** The network name the site configured: shown only for chains the frame does not know. */
  siteNetworkName?: string | undefined
  /** The filled transaction (nonce, gas, fees): exactly what is signed once approved. */
  transaction: EvmTransactionRequest
  /** The symbols and decimals of the tokens the data moves or allows, those that could be read. */
  tokens?: CallTokens | undefined
  /** A line to warn with (a fee cap far above the node's estimate). */
  feeWarning?: Shown | undefined
}

const wei = (quantity: string | undefined) => BigInt(quantity ?? '0x0')
const gwei = (amount: bigint) => `${formatUnits(amount, 'gwei')} gwei`

/**
 * The approval text of one eth_sendTransaction, built from the filled transaction that will be
 * signed: network (name and CAIP-2 id), recipient, value in the chain's own currency, the data and
 * what the call does (describeCall, with a warning on top when it cannot be read), then the nonce, the gas limit, the fee cap per gas, and the most it can
 * cost in all (value + gas limit × fee cap). The screen shows what is signed.
 */
export function describeTransaction({
  caipNetworkId,
  siteNetworkName,
  transaction: tx,
  tokens,
  feeWarning,
}: DescribeTransactionParameters): { title: Phrase; fields: RequestField[] } {
  const network = describeNetwork(caipNetworkId, siteNetworkName)
  const amount = (value: bigint) => network.amount(formatUnits(value, network.decimals))
  const data = tx.data ?? '0x'
  const length = (data.length - 2) / 2
  const feePerGas = wei(tx.maxFeePerGas ?? tx.gasPrice)
  const gas = wei(tx.gas)
  const call = describeCall(tx, { tokens, native: amount })
  const fields: RequestField[] = [
    ...(call.undecoded ? [unknownCallsWarning()] : []),
    network.field,
    { label: phrase('field.to'), value: tx.to ?? phrase('value.newContract') },
    { label: phrase('field.value'), value: amount(wei(tx.value)) },
    { label: phrase('field.data'), value: dataSize(data) },
    ...(length >= 4 ? [{ label: phrase('field.functionSelector'), value: data.slice(0, 10) }] : []),
    ...call.fields,
    { label: phrase('field.nonce'), value: String(wei(tx.nonce)) },
    { label: phrase('field.gasLimit'), value: String(gas) },
    tx.maxFeePerGas === undefined
      ? { label: phrase('field.gasPrice'), value: gwei(feePerGas) }
      : { label: phrase('field.maxFeePerGas'), value: gwei(feePerGas) },
    ...(tx.maxPriorityFeePerGas === undefined
      ? []
      : [{ label: phrase('field.maxPriorityFeePerGas'), value: gwei(wei(tx.maxPriorityFeePerGas)) }]),
    { label: phrase('field.maxFee'), value: phrase('value.upTo', { amount: amount(gas * feePerGas) }) },
    {
      label: phrase('field.total'),
      value: phrase('value.upTo', { amount: amount(wei(tx.value) + gas * feePerGas) }),
    },
    ...(feeWarning ? [{ label: phrase('field.warning'), value: feeWarning, warning: true as const }] : []),
  ]
  return { title: phrase(tx.to ? 'title.sendTransaction' : 'title.deployContract'), fields }
}
