import type { EvmTransactionRequest } from '@modalkit/protocol'
import { getNetwork } from '@modalkit/shared'
import { formatEther } from 'ethers'
import { numbered, phrase } from '../i18n/phrase.ts'
import type { CallTokens } from './calls/CallDecoder.ts'
import { dataSize } from './dataSize.ts'
import { describeCall, unknownCallsWarning } from './describeCall.ts'
import type { RequestDescription, RequestField } from './RequestDescription.ts'

export type DescribeCallsParameters = {
  /** CAIP-2 id of the chain the batch is sent on. */
  caipNetworkId: string
  /** The filled transactions, one per call, in the order they are sent: exactly what is signed. */
  transactions: readonly EvmTransactionRequest[]
  /** The symbols and decimals of the tokens the calls move or allow, those that could be read. */
  tokens?: CallTokens | undefined
}

const wei = (quantity: string | undefined) => BigInt(quantity ?? '0x0')

/** The most a transaction can cost in fees: its gas limit at its fee cap (or legacy gas price). */
export const maxFeeOf = (tx: EvmTransactionRequest): bigint =>
  wei(tx.gas) * wei(tx.maxFeePerGas ?? tx.gasPrice)

/**
 * The approval text of an EIP-5792 batch (wallet_sendCalls): the network, then each call as a
 * person reads it (recipient, value, data size, function selector and what it does: describeCall),
 * then the totals; a warning on top when any call cannot be read. Built from
 * the filled transactions that will be signed, so the screen shows what is sent.
 */
export function describeCalls({
  caipNetworkId,
  transactions,
  tokens,
}: DescribeCallsParameters): RequestDescription {
  const network = getNetwork(caipNetworkId)
  // Every eip155 currency has 18 decimals; the symbol is the chain's own (ETH, BNB, ...).
  const symbol = network?.nativeCurrency.symbol ?? 'ETH'
  const count = String(transactions.length)
  const fields: RequestField[] = [
    {
      label: phrase('field.network'),
      value: network ? phrase('network.known', { name: network.name, id: caipNetworkId }) : caipNetworkId,
    },
    { label: phrase('field.calls'), value: phrase('calls.oneAfterAnother', { count }) },
  ]
  let undecoded = false
  const native = (amount: bigint) => `${formatEther(amount)} ${symbol}`
  transactions.forEach((tx, index) => {
    const data = tx.data ?? '0x'
    const n = index + 1
    fields.push(
      { label: numbered(phrase('field.to'), n), value: tx.to ?? phrase('value.newContract') },
      { label: numbered(phrase('field.value'), n), value: `${formatEther(wei(tx.value))} ${symbol}` },
      { label: numbered(phrase('field.data'), n), value: dataSize(data) },
    )
    if (data.length >= 10)
      fields.push({ label: numbered(phrase('field.functionSelector'), n), value: data.slice(0, 10) })
    const call = describeCall(tx, { tokens, native, index: n })
    fields.push(...call.fields)
    undecoded ||= call.undecoded
  })
  if (undecoded) fields.unshift(unknownCallsWarning())
  const value = transactions.reduce((sum, tx) => sum + wei(tx.value), 0n)
  const fee = transactions.reduce((sum, tx) => sum + maxFeeOf(tx), 0n)
  fields.push(
    { label: phrase('field.totalValue'), value: `${formatEther(value)} ${symbol}` },
    {
      label: phrase('field.estimatedTotalFee'),
      value: phrase('value.upTo', { amount: `${formatEther(fee)} ${symbol}` }),
    },
  )
  return { method: 'wallet_sendCalls', title: phrase('title.sendCalls', { count }), fields }
}
