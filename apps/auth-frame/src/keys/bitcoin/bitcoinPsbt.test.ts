import {
  BitcoinBroadcastUnsupportedError,
  BitcoinInputRefusedError,
  type BitcoinParams,
  BitcoinSighashRefusedError,
} from '@modalkit/protocol'
import { secp256k1 } from '@noble/curves/secp256k1'
import { mnemonicToEntropy } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english'
import { address, networks, Psbt, payments, script, Transaction } from 'bitcoinjs-lib'
import { describe, expect, it } from 'vitest'
import { thrown } from '../testSeed.ts'
import { deriveBitcoinAccount, deriveBitcoinKey } from './bitcoinKey.ts'
import { checkPsbt, describePsbt, formatBtc, signCheckedPsbt } from './bitcoinPsbt.ts'

const seed = mnemonicToEntropy(
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
  wordlist,
)
const account = deriveBitcoinAccount(seed, 'mainnet')
const key = deriveBitcoinKey(seed, 'mainnet')
const network = networks.bitcoin
// BIP-173's example address: someone else's.
const RECIPIENT = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'
const OTHER = payments.p2wpkh({
  pubkey: secp256k1.getPublicKey(
    Uint8Array.from({ length: 32 }, () => 7),
    true,
  ),
  network,
})

/** A previous transaction whose output 1 pays `paid` sat to `script` (made up: there is no node). */
function previousPaying(script: Uint8Array, paid: bigint): Transaction {
  const tx = new Transaction()
  tx.addInput(new Uint8Array(32).fill(9), 0)
  tx.addOutput(OTHER.output!, 1_000n)
  tx.addOutput(script, paid)
  return tx
}

type BuildOptions = {
  sighashType?: number
  noWitnessUtxo?: boolean
  /** The previous transaction: left out, or one whose output says another amount than witnessUtxo. */
  previous?: 'none' | 'other-amount' | 'other-tx'
  /** Only this wallet's input: the fee can be known. */
  alone?: boolean
}

/** Input 0 pays this wallet 100 000 sat, input 1 someone else 50 000; 120 000 + 20 000 out. */
function build(options: BuildOptions = {}) {
  const psbt = new Psbt({ network })
  const previous = previousPaying(account.script, options.previous === 'other-amount' ? 90_000n : 100_000n)
  psbt.addInput({
    hash: options.previous === 'other-tx' ? '11'.repeat(32) : previous.getId(),
    index: 1,
    ...(options.noWitnessUtxo ? {} : { witnessUtxo: { script: account.script, value: 100_000n } }),
    ...(options.previous === 'none' ? {} : { nonWitnessUtxo: previous.toBuffer() }),
    ...(options.sighashType === undefined ? {} : { sighashType: options.sighashType }),
  })
  if (!options.alone)
    psbt.addInput({ hash: '22'.repeat(32), index: 1, witnessUtxo: { script: OTHER.output!, value: 50_000n } })
  psbt.addOutput({ address: RECIPIENT, value: options.alone ? 70_000n : 120_000n })
  psbt.addOutput({ address: account.address, value: 20_000n })
  return psbt.toBase64()
}
const params = (
  psbt: string,
  signInputs: BitcoinParams<'signPsbt'>['signInputs'] = [{ address: account.address, index: 0 }],
  broadcast?: boolean,
): BitcoinParams<'signPsbt'> => ({ psbt, signInputs, ...(broadcast === undefined ? {} : { broadcast }) })

describe('formatBtc', () => {
  it('writes satoshis as BTC with every significant digit', () => {
    expect(formatBtc(120_000n)).toBe('0.0012 BTC')
    expect(formatBtc(100_000_000n)).toBe('1 BTC')
    expect(formatBtc(1n)).toBe('0.00000001 BTC')
    expect(formatBtc(2_100_000_000_000_000n)).toBe('21000000 BTC')
  })
})

describe('describePsbt', () => {
  it('shows each output address and amount, the input signed and its amount, and the fee', () => {
    const fields = describePsbt(checkPsbt(params(build({ alone: true })), account), account)
    expect(fields).toEqual([
      { label: { key: 'field.account' }, value: account.address },
      { label: { key: 'field.numbered', params: { n: '1', label: { key: 'field.to' } } }, value: RECIPIENT },
      {
        label: { key: 'field.numbered', params: { n: '1', label: { key: 'field.value' } } },
        value: '0.0007 BTC',
        depth: 1,
      },
      {
        label: { key: 'field.numbered', params: { n: '2', label: { key: 'field.to' } } },
        value: account.address,
      },
      {
        label: { key: 'field.numbered', params: { n: '2', label: { key: 'field.value' } } },
        value: '0.0002 BTC',
        depth: 1,
      },
      {
        label: { key: 'field.numbered', params: { n: '1', label: { key: 'field.signInput' } } },
        value: '0.001 BTC',
      },
      { label: { key: 'field.networkFee' }, value: '0.0001 BTC' },
    ])
  })

  it("says the fee is unknown when an input is another party's: its amount is only that party's word", () => {
    // 150 000 in by the PSBT's word, 140 000 out: a fee of 0.0001 BTC, had the other input said true.
    expect(describePsbt(checkPsbt(params(build()), account), account).at(-1)).toEqual({
      label: { key: 'field.networkFee' },
      value: { key: 'value.feeUnknown' },
      warning: true,
    })
  })

  it('says the fee is unknown when an input has no amount', () => {
    const psbt = Psbt.fromBase64(build(), { network })
    psbt.addInput({ hash: '33'.repeat(32), index: 0 })
    const fields = describePsbt(checkPsbt(params(psbt.toBase64()), account), account)
    expect(fields.at(-1)).toEqual({
      label: { key: 'field.networkFee' },
      value: { key: 'value.feeUnknown' },
      warning: true,
    })
  })
})

describe('checkPsbt refuses before any approval', () => {
  it.each([
    ['SIGHASH_NONE', Transaction.SIGHASH_NONE],
    ['SIGHASH_SINGLE', Transaction.SIGHASH_SINGLE],
    ['SIGHASH_ALL|ANYONECANPAY', Transaction.SIGHASH_ALL | Transaction.SIGHASH_ANYONECANPAY],
  ])('%s asked in signInputs or set in the PSBT input', (_, sighash) => {
    const asked = thrown(() =>
      checkPsbt(
        params(build(), [{ address: account.address, index: 0, sighashTypes: [1, sighash] }]),
        account,
      ),
    )
    expect(asked).toBeInstanceOf(BitcoinSighashRefusedError)
    expect(asked).toMatchObject({ code: 4200 })
    expect(thrown(() => checkPsbt(params(build({ sighashType: sighash })), account))).toBeInstanceOf(
      BitcoinSighashRefusedError,
    )
  })

  it('accepts SIGHASH_ALL and DEFAULT, asked or set', () => {
    const ok = params(build({ sighashType: 1 }), [
      { address: account.address, index: 0, sighashTypes: [0, 1] },
    ])
    expect(checkPsbt(ok, account).toSign).toEqual([{ index: 0, value: 100_000n }])
  })

  it("an input named for another address, one that does not pay this wallet's script, one without witnessUtxo or absent, one whose previous transaction is missing or says otherwise", () => {
    for (const bad of [
      params(build(), [{ address: OTHER.address!, index: 1 }]),
      params(build(), [{ address: account.address, index: 1 }]),
      params(build({ noWitnessUtxo: true })),
      params(build(), [{ address: account.address, index: 5 }]),
      // The 2020 SegWit fee attack: the amount is checked against the whole previous transaction.
      params(build({ previous: 'none' })),
      params(build({ previous: 'other-amount' })),
      params(build({ previous: 'other-tx' })),
    ])
      expect(thrown(() => checkPsbt(bad, account))).toBeInstanceOf(BitcoinInputRefusedError)
  })

  it('broadcast: true (no node)', () => {
    expect(thrown(() => checkPsbt(params(build(), undefined, true), account))).toBeInstanceOf(
      BitcoinBroadcastUnsupportedError,
    )
  })
})

describe('signCheckedPsbt', () => {
  it('signs only its input, with SIGHASH_ALL over the amount shown; the transaction verifies', () => {
    const signed = Psbt.fromBase64(signCheckedPsbt(checkPsbt(params(build()), account), key), { network })
    expect(signed.data.inputs[1]!.partialSig).toBeUndefined()
    const [partial] = signed.data.inputs[0]!.partialSig!
    expect(partial!.signature.at(-1)).toBe(Transaction.SIGHASH_ALL)
    expect(
      signed.validateSignaturesOfInput(0, (pubkey, hash, sig) => secp256k1.verify(sig, hash, pubkey)),
    ).toBe(true)
    signed.finalizeInput(0)
    // Input 1 is someone else's: its sighash needs only the unsigned transaction, as the other signer sees it.
    const tx = Transaction.fromBuffer(signed.data.globalMap.unsignedTx.toBuffer())
    const [der, pubkey] = witnessOf(signed)
    const scriptCode = payments.p2pkh({ hash: payments.p2wpkh({ pubkey: pubkey!, network }).hash! }).output!
    const { signature, hashType } = script.signature.decode(der!)
    expect(hashType).toBe(Transaction.SIGHASH_ALL)
    const verify = (value: bigint) =>
      secp256k1.verify(signature, tx.hashForWitnessV0(0, scriptCode, value, hashType), pubkey!)
    expect(address.fromOutputScript(tx.outs[0]!.script, network)).toBe(RECIPIENT)
    expect(verify(100_000n)).toBe(true)
    // BIP-143: the signature commits to the amount, so a PSBT lying about it gets an invalid one.
    expect(verify(100_001n)).toBe(false)
  })
})

/** The finalized witness of input 0 ([signature, public key]). */
function witnessOf(psbt: Psbt): Uint8Array[] {
  const raw = psbt.data.inputs[0]!.finalScriptWitness!
  const items: Uint8Array[] = []
  let at = 1
  for (let i = 0; i < raw[0]!; i++) {
    const length = raw[at]!
    items.push(raw.subarray(at + 1, at + 1 + length))
    at += 1 + length
  }
  return items
}
