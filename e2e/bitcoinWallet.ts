import { createHash, randomBytes } from 'node:crypto'
import * as ecc from '@bitcoinerlab/secp256k1'
import { Signer } from 'bip322-js'
import * as bitcoin from 'bitcoinjs-lib'
import * as bitcoinMessage from 'bitcoinjs-message'
import { encodeBase58 } from '../packages/shared/src/base58.ts'

/** Bitcoin mainnet and testnet (v3) as CAIP-2 ids: their genesis block hashes' first 32 hex digits. */
export const BTC_MAINNET = 'bip122:000000000019d6689c085ae165831e93'
export const BTC_TESTNET = 'bip122:000000000933ea01ad0ee984209779ba'
export const BTC_CHAINS = [BTC_MAINNET, BTC_TESTNET] as const
export type BitcoinChain = (typeof BTC_CHAINS)[number]

const NETWORKS: Record<BitcoinChain, bitcoin.Network> = {
  [BTC_MAINNET]: bitcoin.networks.bitcoin,
  [BTC_TESTNET]: bitcoin.networks.testnet,
}
/** BIP-84's first external address: coin type 0 on mainnet, 1 on the test networks. */
const PATHS: Record<BitcoinChain, string> = {
  [BTC_MAINNET]: "m/84'/0'/0'/0/0",
  [BTC_TESTNET]: "m/84'/1'/0'/0/0",
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest()
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex')
const isBitcoinChain = (chain: string): chain is BitcoinChain =>
  (BTC_CHAINS as readonly string[]).includes(chain)

/** A fresh secp256k1 key and its native segwit (P2WPKH) address on each network. */
export function createBitcoinKey() {
  let secret = randomBytes(32)
  while (!ecc.isPrivate(secret)) secret = randomBytes(32)
  const publicKey = ecc.pointFromScalar(secret, true)!
  const payment = (chain: BitcoinChain) =>
    bitcoin.payments.p2wpkh({ pubkey: publicKey, network: NETWORKS[chain] })
  const addresses = {
    [BTC_MAINNET]: payment(BTC_MAINNET).address!,
    [BTC_TESTNET]: payment(BTC_TESTNET).address!,
  } as Record<BitcoinChain, string>
  /** The key as WIF (compressed), which bip322-js signs with. */
  const wif = (chain: BitcoinChain) => {
    const payload = Buffer.from([NETWORKS[chain].wif, ...secret, 1])
    return encodeBase58(Buffer.concat([payload, sha256(sha256(payload)).subarray(0, 4)]))
  }
  const signer = { publicKey, sign: (hash: Uint8Array) => ecc.sign(hash, secret) }
  return { secret, publicKey, addresses, payment, wif, signer }
}
export type BitcoinKey = ReturnType<typeof createBitcoinKey>

/** What the wallet broadcast (there is no Bitcoin node here: a test reads the transaction from this). */
export type Broadcast = { chain: BitcoinChain; txid: string; hex: string; inputValues: bigint[] }

type Respond = (result: unknown) => Promise<void>

class WalletRefusal extends Error {}

/**
 * The wallet's bip122 answers, in WalletConnect's Bitcoin RPC shapes, each for the account of the
 * request's chain: getAccountAddresses; signMessage (BIP-322 by bip322-js, or ECDSA as BIP-137 with
 * the segwit header by bitcoinjs-message), the signature in hex; signPsbt (the named inputs signed,
 * not finalized, unless `broadcast`); sendTransfer (a transaction spending a made-up UTXO of the
 * account, signed and finalized: its id is what a node would have been sent). Anything not its own
 * (another account or address, a recipient of another network) is refused as a wallet would.
 */
export async function answerBitcoin(
  key: BitcoinKey,
  broadcasts: Broadcast[],
  chain: string,
  method: string,
  args: unknown,
  respond: Respond,
): Promise<boolean> {
  if (!isBitcoinChain(chain)) return false
  const own = key.addresses[chain]
  const network = NETWORKS[chain]
  const params = (args ?? {}) as Record<string, unknown>
  const mine = (address: unknown) => {
    if (address !== own) throw new WalletRefusal(`not this wallet's address on ${chain}: ${String(address)}`)
  }
  const finalizeAndRecord = (psbt: bitcoin.Psbt): string => {
    psbt.finalizeAllInputs()
    const tx = psbt.extractTransaction()
    const inputValues = psbt.data.inputs.map((input) => input.witnessUtxo?.value ?? 0n)
    broadcasts.push({ chain, txid: tx.getId(), hex: tx.toHex(), inputValues })
    return tx.getId()
  }
  try {
    switch (method) {
      case 'getAccountAddresses': {
        mine(params.account)
        await respond([
          { address: own, publicKey: hex(key.publicKey), path: PATHS[chain], intention: 'payment' },
        ])
        return true
      }
      case 'signMessage': {
        mine(params.account)
        const address = params.address ?? own
        mine(address)
        const message = String(params.message)
        const base64 =
          params.protocol === 'bip322'
            ? Signer.sign(key.wif(chain), own, message)
            : bitcoinMessage
                .sign(message, Buffer.from(key.secret), true, { segwitType: 'p2wpkh' })
                .toString('base64')
        await respond({ address: own, signature: Buffer.from(base64, 'base64').toString('hex') })
        return true
      }
      case 'signPsbt': {
        mine(params.account)
        const psbt = bitcoin.Psbt.fromBase64(String(params.psbt), { network })
        for (const input of params.signInputs as {
          address: string
          index: number
          sighashTypes?: number[]
        }[]) {
          mine(input.address)
          psbt.signInput(input.index, key.signer, input.sighashTypes ?? [bitcoin.Transaction.SIGHASH_ALL])
        }
        if (params.broadcast === true) {
          const txid = finalizeAndRecord(psbt)
          await respond({ psbt: psbt.toBase64(), txid })
        } else await respond({ psbt: psbt.toBase64() })
        return true
      }
      case 'sendTransfer': {
        mine(params.account)
        const amount = BigInt(String(params.amount))
        const fee = 1_000n
        const change = 50_000n
        const psbt = new bitcoin.Psbt({ network })
        psbt.addInput({
          hash: hex(sha256(Buffer.from(`e2e utxo of ${own}`))),
          index: 0,
          witnessUtxo: { script: key.payment(chain).output!, value: amount + fee + change },
        })
        // Throws for an address of another network, as a wallet refuses it.
        psbt.addOutput({
          script: bitcoin.address.toOutputScript(String(params.recipientAddress), network),
          value: amount,
        })
        psbt.addOutput({ address: own, value: change })
        psbt.signInput(0, key.signer)
        await respond({ txid: finalizeAndRecord(psbt) })
        return true
      }
      default:
        return false
    }
  } catch (error) {
    throw new WalletRefusal(error instanceof Error ? error.message : String(error))
  }
}
