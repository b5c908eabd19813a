import {
  BitcoinBroadcastUnsupportedError,
  BitcoinInputRefusedError,
  type BitcoinParams,
  BitcoinSighashRefusedError,
} from '@modalkit/protocol'
import { address as bitcoinAddress, Psbt, script, Transaction } from 'bitcoinjs-lib'
import { numbered, phrase } from '../../i18n/phrase.ts'
import type { RequestField } from '../RequestDescription.ts'
import type { BitcoinAccount } from './bitcoinKey.ts'
import { networkOf } from './bitcoinKey.ts'
import { signerOf } from './signBitcoinMessage.ts'

/** SIGHASH_DEFAULT (0, taproot's "all") is accepted in a request and signed as SIGHASH_ALL. */
const ALLOWED_SIGHASHES: ReadonlySet<number> = new Set([0, Transaction.SIGHASH_ALL])

/** An amount in satoshis as BTC, with every significant digit (`0.0009 BTC`). */
export function formatBtc(sats: bigint): string {
  const negative = sats < 0n
  const abs = negative ? -sats : sats
  const fraction = (abs % 100_000_000n).toString().padStart(8, '0').replace(/0+$/, '')
  const whole = (abs / 100_000_000n).toString()
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''} BTC`
}

/** A PSBT checked for signing by `account`: the inputs it signs, with their amounts. */
export type CheckedPsbt = { psbt: Psbt; toSign: { index: number; value: bigint }[] }

/**
 * The previous transaction of a wallet's input (`nonWitnessUtxo`) must be the one the input spends,
 * and its output there the `witnessUtxo` given: a BIP-143 signature commits to the amount of the
 * input it signs only, so two signatures over PSBTs each understating a different input's amount
 * make a valid transaction whose real fee is far above the one shown (the 2020 SegWit fee attack).
 * The whole previous transaction, hashed to the input's txid, cannot understate it.
 */
function checkPreviousOutput(psbt: Psbt, index: number, refused: (why: string) => Error): void {
  const data = psbt.data.inputs[index]!
  if (!data.nonWitnessUtxo) throw refused('no nonWitnessUtxo (the previous transaction)')
  const previous = Transaction.fromBuffer(data.nonWitnessUtxo)
  const spent = psbt.txInputs[index]!
  const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, i) => byte === b[i])
  if (!same(previous.getHash(), spent.hash))
    throw refused('its nonWitnessUtxo is not the transaction it spends')
  const output = previous.outs[spent.index]
  if (!output || output.value !== data.witnessUtxo!.value || !same(output.script, data.witnessUtxo!.script))
    throw refused('its witnessUtxo is not the output it spends')
}

/**
 * Parses a signPsbt request and refuses, before any approval, what the wallet must not sign:
 * `broadcast` (no node), a sighash other than ALL in the request or in the PSBT's input (NONE,
 * SINGLE and ANYONECANPAY leave parts of the transaction unsigned: whoever holds the PSBT could
 * redirect the coins afterwards), an input named for another address, an input without witnessUtxo,
 * whose witnessUtxo does not pay this account's script, or whose previous transaction is missing or
 * does not hold that witnessUtxo (checkPreviousOutput).
 */
export function checkPsbt(params: BitcoinParams<'signPsbt'>, account: BitcoinAccount): CheckedPsbt {
  if (params.broadcast === true) throw new BitcoinBroadcastUnsupportedError()
  const psbt = Psbt.fromBase64(params.psbt, { network: networkOf(account.chain) })
  const toSign = new Map<number, bigint>()
  for (const input of params.signInputs) {
    const refused = (why: string) => new BitcoinInputRefusedError(`input ${input.index}: ${why}`)
    if (input.address !== account.address) throw refused(`address ${input.address} is not this wallet's`)
    const bad = input.sighashTypes?.find((type) => !ALLOWED_SIGHASHES.has(type))
    if (bad !== undefined) throw new BitcoinSighashRefusedError(`input ${input.index}: sighash ${bad}`)
    const data = psbt.data.inputs[input.index]
    if (!data) throw refused('no such input')
    if (data.sighashType !== undefined && !ALLOWED_SIGHASHES.has(data.sighashType))
      throw new BitcoinSighashRefusedError(`input ${input.index}: sighash ${data.sighashType}`)
    if (!data.witnessUtxo) throw refused('no witnessUtxo')
    const { script: paid, value } = data.witnessUtxo
    if (paid.length !== account.script.length || paid.some((byte, i) => byte !== account.script[i]))
      throw refused("its witnessUtxo does not pay this wallet's address")
    checkPreviousOutput(psbt, input.index, refused)
    toSign.set(input.index, value)
  }
  return { psbt, toSign: [...toSign].map(([index, value]) => ({ index, value })) }
}

/** The approval's lines, from the PSBT itself: each output, the inputs this wallet signs, the fee. */
export function describePsbt({ psbt, toSign }: CheckedPsbt, account: BitcoinAccount): RequestField[] {
  const network = networkOf(account.chain)
  const fields: RequestField[] = [{ label: phrase('field.account'), value: account.address }]
  psbt.txOutputs.forEach((output, i) => {
    let to: string
    try {
      to = bitcoinAddress.fromOutputScript(output.script, network)
    } catch {
      to = script.toASM(output.script) // OP_RETURN data and other non-address scripts, as written
    }
    fields.push({ label: numbered(phrase('field.to'), i + 1), value: to })
    fields.push({ label: numbered(phrase('field.value'), i + 1), value: formatBtc(output.value), depth: 1 })
  })
  for (const { index, value } of toSign)
    fields.push({ label: numbered(phrase('field.signInput'), index + 1), value: formatBtc(value) })
  // The fee is known only when every input is this wallet's, checked against its previous
  // transaction: another party's amount is that party's word, which nothing here can verify.
  const signed = new Map(toSign.map(({ index, value }) => [index, value]))
  const inputs = psbt.data.inputs.map((_, index) => signed.get(index))
  const outputs = psbt.txOutputs.reduce((sum, output) => sum + output.value, 0n)
  const known = inputs.every((value) => value !== undefined)
  const fee = known ? inputs.reduce<bigint>((sum, value) => sum + (value ?? 0n), 0n) - outputs : undefined
  fields.push(
    fee === undefined || fee < 0n
      ? { label: phrase('field.networkFee'), value: phrase('value.feeUnknown'), warning: true }
      : { label: phrase('field.networkFee'), value: formatBtc(fee) },
  )
  return fields
}

/** Signs the checked inputs with SIGHASH_ALL; the PSBT returned (base64) is not finalized. */
export function signCheckedPsbt({ psbt, toSign }: CheckedPsbt, privateKey: Uint8Array): string {
  const signer = signerOf(privateKey)
  for (const { index } of toSign) psbt.signInput(index, signer, [Transaction.SIGHASH_ALL])
  return psbt.toBase64()
}
