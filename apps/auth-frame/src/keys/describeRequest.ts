import {
  classifyRequest,
  parseWith,
  personalSignParamsSchema,
  RpcNotAllowedError,
  signTypedDataV4ParamsSchema,
  solanaSignAllTransactionsParamsSchema,
  solanaSignMessageParamsSchema,
  solanaSignTransactionParamsSchema,
  typedDataSchema,
  UnsupportedMethodError,
} from '@modalkit/protocol'
import { PublicKey } from '@solana/web3.js'
import { hexlify } from 'ethers'
import { phrase } from '../i18n/phrase.ts'
import { base58ToBytes } from './base58ToBytes.ts'
import { describeSolanaTransactions } from './describeSolanaTransaction.ts'
import { describeTypedMessage } from './describeTypedMessage.ts'
import { parseSolanaTransaction } from './parseSolanaTransaction.ts'
import type { RequestDescription } from './RequestDescription.ts'
import { toPersonalMessageBytes } from './toPersonalMessageBytes.ts'

/**
 * Text when the bytes are valid UTF-8 without control characters (newlines and tabs allowed), else
 * hex. Bidi and zero-width characters stay: the renderer shows each as a visible marker.
 */
function readable(bytes: Uint8Array): string {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is looked for
    if (!/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/.test(text)) return text
  } catch {}
  return hexlify(bytes)
}

/**
 * A plain summary of an unsafe request for the approval view in the secure frame. It parses the
 * params with the same schemas and parsers the signing functions use, so it describes exactly what
 * will be signed. Methods off the lists give RpcNotAllowedError (4200, SPEC §8 'Requested RPC call is
 * not allowed'); listed ones this wallet core does not sign give UnsupportedMethodError.
 */
export function describeRequest(method: string, params: unknown): RequestDescription {
  if (classifyRequest(method) !== 'unsafe') throw new RpcNotAllowedError(method)
  switch (method) {
    case 'personal_sign': {
      const [message, address] = parseWith(personalSignParamsSchema, params, 'personal_sign params')
      return {
        method,
        title: phrase('title.signMessage'),
        fields: [
          { label: phrase('field.message'), value: readable(toPersonalMessageBytes(message)) },
          { label: phrase('field.account'), value: address },
        ],
      }
    }
    case 'eth_signTypedData_v4': {
      const [address, payload] = parseWith(signTypedDataV4ParamsSchema, params, 'eth_signTypedData_v4 params')
      let data: unknown = payload
      if (typeof payload === 'string') {
        try {
          data = JSON.parse(payload)
        } catch {
          data = undefined
        }
      }
      // The signing side (`parseTypedData`) checks more (chain, root type) and refuses what fails.
      const typed = parseWith(typedDataSchema, data, 'typed data')
      return {
        method,
        title: phrase('title.signTypedData'),
        fields: [
          { label: phrase('field.domain'), value: typed.domain.name ?? phrase('value.none') },
          {
            label: phrase('field.chain'),
            value:
              typed.domain.chainId === undefined ? phrase('value.any') : String(BigInt(typed.domain.chainId)),
          },
          {
            label: phrase('field.verifyingContract'),
            value: typed.domain.verifyingContract ?? phrase('value.none'),
          },
          ...(typed.domain.version === undefined
            ? []
            : [{ label: phrase('field.version'), value: typed.domain.version }]),
          ...(typed.domain.salt === undefined
            ? []
            : [{ label: phrase('field.salt'), value: typed.domain.salt }]),
          { label: phrase('field.primaryType'), value: typed.primaryType },
          { label: phrase('field.account'), value: address },
          // The whole message, every field: what is hashed is what is shown.
          ...describeTypedMessage(typed),
        ],
      }
    }
    // eth_sendTransaction is described from the FILLED transaction (describeTransaction), once
    // prepared: the unfilled request has no gas or fees to show.
    case 'solana_signMessage': {
      const { message, pubkey } = parseWith(
        solanaSignMessageParamsSchema,
        params,
        'solana_signMessage params',
      )
      return {
        method,
        title: phrase('title.signMessage'),
        fields: [
          { label: phrase('field.message'), value: readable(base58ToBytes(message, 'Solana message')) },
          {
            label: phrase('field.account'),
            value: new PublicKey(base58ToBytes(pubkey, 'Solana account')).toBase58(),
          },
        ],
      }
    }
    case 'solana_signTransaction':
    case 'solana_signAndSendTransaction': {
      const { transaction } = parseWith(solanaSignTransactionParamsSchema, params, `${method} params`)
      return {
        method,
        title: phrase(
          method === 'solana_signTransaction' ? 'title.signTransaction' : 'title.sendTransaction',
        ),
        fields: describeSolanaTransactions([parseSolanaTransaction(transaction)], {}, false),
      }
    }
    case 'solana_signAllTransactions': {
      const { transactions } = parseWith(solanaSignAllTransactionsParamsSchema, params, `${method} params`)
      return {
        method,
        title: phrase('title.signTransactions', { count: String(transactions.length) }),
        fields: describeSolanaTransactions(transactions.map(parseSolanaTransaction), {}, true),
      }
    }
    default:
      throw new UnsupportedMethodError(method)
  }
}
