import { PublicKey } from '@solana/web3.js'
import { type AccountEncoding, type DataSlice, type EncodedAccount, encodeAccount } from './encodeAccount.ts'
import type { LocalCluster } from './LocalCluster.ts'
import {
  mintDecimals,
  parseTokenAccount,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
  tokenAccountKeys,
} from './parseTokenAccount.ts'
import { invalidParams } from './RpcError.ts'

export type TokenFilter = { mint: PublicKey } | { programId: PublicKey }
export type KeyedAccount = { pubkey: string; account: EncodedAccount }

const TOKEN_PROGRAMS = [TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID]

/**
 * getTokenAccountsByOwner over litesvm's program-account index: the owner's SPL token accounts
 * (Token and Token-2022), filtered by mint or program as a node does, with the same param errors.
 */
export function findTokenAccounts(
  cluster: LocalCluster,
  owner: PublicKey,
  filter: TokenFilter,
  encoding: AccountEncoding,
  dataSlice?: DataSlice,
): KeyedAccount[] {
  let programId: PublicKey
  if ('mint' in filter) {
    const mint = cluster.getAccount(filter.mint)
    const mintOwner = mint ? new PublicKey(mint.owner()) : undefined
    if (!mintOwner || !TOKEN_PROGRAMS.some((id) => id.equals(mintOwner)))
      throw invalidParams('could not find mint')
    programId = mintOwner
  } else {
    if (!TOKEN_PROGRAMS.some((id) => id.equals(filter.programId)))
      throw invalidParams('unrecognized Token program id')
    programId = filter.programId
  }
  const decimalsByMint = new Map<string, number>()
  const decimalsOf = (mint: PublicKey): number => {
    const key = mint.toBase58()
    let decimals = decimalsByMint.get(key)
    if (decimals === undefined) {
      const data = cluster.getAccount(mint)?.data()
      decimals = data ? (mintDecimals(data) ?? 0) : 0
      decimalsByMint.set(key, decimals)
    }
    return decimals
  }
  const found: KeyedAccount[] = []
  for (const entry of cluster.programAccounts(programId)) {
    const account = entry.account()
    const data = account.data()
    const keys = tokenAccountKeys(data)
    if (!keys?.owner.equals(owner)) continue
    if ('mint' in filter && !keys.mint.equals(filter.mint)) continue
    const parsed =
      encoding === 'jsonParsed' ? parseTokenAccount(data, programId, decimalsOf(keys.mint)) : undefined
    found.push({
      pubkey: new PublicKey(entry.address).toBase58(),
      account: encodeAccount(account, encoding, dataSlice, parsed),
    })
  }
  return found
}
