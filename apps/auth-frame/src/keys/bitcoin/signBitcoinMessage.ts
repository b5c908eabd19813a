import { secp256k1 } from '@noble/curves/secp256k1'
import { sha256 } from '@noble/hashes/sha256'
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils'
import { opcodes, Psbt, script, Transaction } from 'bitcoinjs-lib'
import { type BitcoinAccount, networkOf } from './bitcoinKey.ts'

/** The signer bitcoinjs-lib asks for: low-S ECDSA over a 32-byte sighash with the account's key. */
export function signerOf(privateKey: Uint8Array) {
  return {
    publicKey: secp256k1.getPublicKey(privateKey, true),
    sign: (hash: Uint8Array) => secp256k1.sign(hash, privateKey, { lowS: true }).toCompactRawBytes(),
  }
}

const taggedHash = (tag: string, data: Uint8Array) => {
  const tagHash = sha256(utf8ToBytes(tag))
  return sha256(concatBytes(tagHash, tagHash, data))
}

/** A Bitcoin compact size (varint), as transactions and BIP-322's witness serialization write it. */
function compactSize(n: number): Uint8Array {
  if (n < 0xfd) return Uint8Array.of(n)
  if (n <= 0xffff) return Uint8Array.of(0xfd, n & 0xff, n >> 8)
  return Uint8Array.of(0xfe, n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24)
}

/**
 * BIP-322 "simple" signature of `message` by a P2WPKH account, exactly as the BIP builds it: the
 * virtual `to_spend` transaction (version 0, one input spending txid 0…0:0xFFFFFFFF with scriptSig
 * `OP_0 PUSH32[tagged hash "BIP0322-signed-message" of the message]`, one 0-value output paying the
 * account's script) and `to_sign` (version 0, spending to_spend:0 with sequence 0, one 0-value
 * OP_RETURN output), signed with SIGHASH_ALL; the result is to_sign's witness stack, serialized.
 */
export function signBip322Simple(
  privateKey: Uint8Array,
  account: BitcoinAccount,
  message: string,
): Uint8Array {
  const messageHash = taggedHash('BIP0322-signed-message', utf8ToBytes(message))
  const toSpend = new Transaction()
  toSpend.version = 0
  toSpend.locktime = 0
  toSpend.addInput(new Uint8Array(32), 0xffff_ffff, 0, script.compile([opcodes.OP_0!, messageHash]))
  toSpend.addOutput(account.script, 0n)
  const toSign = new Psbt({ network: networkOf(account.chain) })
  toSign.setVersion(0)
  toSign.setLocktime(0)
  toSign.addInput({
    hash: toSpend.getHash(),
    index: 0,
    sequence: 0,
    witnessUtxo: { script: account.script, value: 0n },
  })
  toSign.addOutput({ script: script.compile([opcodes.OP_RETURN!]), value: 0n })
  toSign.signInput(0, signerOf(privateKey), [Transaction.SIGHASH_ALL])
  toSign.finalizeAllInputs()
  const witness = toSign.extractTransaction().ins[0]!.witness
  return concatBytes(
    compactSize(witness.length),
    ...witness.flatMap((item) => [compactSize(item.length), item]),
  )
}

/**
 * The legacy "Bitcoin Signed Message" signature (BIP-137, as bitcoinjs-message and Electrum write
 * it): compact ECDSA over double-SHA-256 of `\x18Bitcoin Signed Message:\n` + compact size + message,
 * with the header byte 39 + recovery id that marks a native SegWit (P2WPKH) address.
 */
export function signBip137(privateKey: Uint8Array, message: string): Uint8Array {
  const bytes = utf8ToBytes(message)
  const prefix = utf8ToBytes('\x18Bitcoin Signed Message:\n')
  const hash = sha256(sha256(concatBytes(prefix, compactSize(bytes.length), bytes)))
  const signature = secp256k1.sign(hash, privateKey, { lowS: true })
  return concatBytes(Uint8Array.of(39 + signature.recovery), signature.toCompactRawBytes())
}
