import {
  AddressLookupTableAccount,
  AddressLookupTableProgram,
  PublicKey,
  type VersionedTransaction,
} from '@solana/web3.js'
import type { WalletRpc } from './WalletRequest.ts'
import { LookupTableUnavailableError } from './walletErrors.ts'

type AccountInfoReply = { value: { data: [string, string]; owner: string } | null }

/**
 * All accounts of a Solana transaction's message, in its index order: the static keys, then the
 * writable and the read-only accounts it loads from address lookup tables, each table read from the
 * chain (getAccountInfo) so the approval names the real accounts. A table the chain does not give
 * as a lookup table, or an index past its end, refuses the request (LookupTableUnavailableError).
 */
export async function resolveLookupTables(
  tx: VersionedTransaction,
  rpc: WalletRpc,
  caipNetworkId: string,
): Promise<string[]> {
  const { message } = tx
  const lookups = message.addressTableLookups
  if (lookups.length === 0) return message.staticAccountKeys.map((k) => k.toBase58())
  const tables = await Promise.all(
    lookups.map(async ({ accountKey }) => {
      const table = accountKey.toBase58()
      let reply: AccountInfoReply
      try {
        reply = (await rpc(caipNetworkId, 'getAccountInfo', [
          table,
          { encoding: 'base64' },
        ])) as AccountInfoReply
      } catch (error) {
        throw new LookupTableUnavailableError(
          table,
          error instanceof Error ? error.message.slice(0, 100) : 'RPC failed',
        )
      }
      const value = reply?.value
      if (!value) throw new LookupTableUnavailableError(table, 'no such account')
      if (value.owner !== AddressLookupTableProgram.programId.toBase58()) {
        throw new LookupTableUnavailableError(table, 'not owned by the address lookup table program')
      }
      try {
        const data = Uint8Array.from(atob(value.data[0]), (c) => c.charCodeAt(0))
        return new AddressLookupTableAccount({
          key: accountKey,
          state: AddressLookupTableAccount.deserialize(data),
        })
      } catch {
        throw new LookupTableUnavailableError(table, 'malformed lookup table')
      }
    }),
  )
  let keys: ReturnType<typeof message.getAccountKeys>
  try {
    keys = message.getAccountKeys({ addressLookupTableAccounts: tables })
  } catch {
    throw new LookupTableUnavailableError(
      tables.map((t) => t.key.toBase58()).join(', '),
      'index out of range',
    )
  }
  const all: string[] = []
  for (let index = 0; index < keys.length; index++) {
    const key = keys.get(index)
    if (!key || !(key instanceof PublicKey))
      throw new LookupTableUnavailableError('(table)', 'index out of range')
    all.push(key.toBase58())
  }
  return all
}
