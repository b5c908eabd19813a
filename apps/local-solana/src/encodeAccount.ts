import { PublicKey } from '@solana/web3.js'
import type { Account } from 'litesvm/dist/internal.js'
import { base58 } from './base58.ts'
import type { ParsedTokenAccount } from './parseTokenAccount.ts'
import { invalidParams } from './RpcError.ts'

export type AccountEncoding = 'base64' | 'base58' | 'jsonParsed'
export type DataSlice = { offset: number; length: number }

export type EncodedAccount = {
  data: [string, 'base64' | 'base58'] | ParsedTokenAccount
  executable: boolean
  lamports: number
  owner: string
  rentEpoch: number
  space: number
}

/** A node refuses base58 for larger data (it is quadratic to encode). */
const MAX_BASE58_BYTES = 128

/**
 * An account as getAccountInfo answers it. `jsonParsed` falls back to base64 unless the caller
 * passes the parsed form (a node does the same for account types it cannot parse).
 */
export function encodeAccount(
  account: Account,
  encoding: AccountEncoding,
  dataSlice?: DataSlice,
  parsed?: ParsedTokenAccount,
): EncodedAccount {
  const full = account.data()
  const data = dataSlice ? full.subarray(dataSlice.offset, dataSlice.offset + dataSlice.length) : full
  let encoded: EncodedAccount['data']
  if (encoding === 'jsonParsed' && parsed && !dataSlice) encoded = parsed
  else if (encoding === 'base58') {
    if (data.length > MAX_BASE58_BYTES)
      throw invalidParams(
        'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.',
      )
    encoded = [base58.encode(data), 'base58']
  } else encoded = [Buffer.from(data).toString('base64'), 'base64']
  return {
    data: encoded,
    executable: account.executable(),
    lamports: Number(account.lamports()),
    owner: new PublicKey(account.owner()).toBase58(),
    // u64::MAX for rent-exempt accounts: a node writes it as a JSON number too, and clients read a number.
    rentEpoch: Number(account.rentEpoch()),
    space: full.length,
  }
}
