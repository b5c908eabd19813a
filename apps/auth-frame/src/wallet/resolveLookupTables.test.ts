import {
  AddressLookupTableAccount,
  AddressLookupTableProgram,
  Keypair,
  type PublicKey,
  SystemProgram,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js'
import { describe, expect, it } from 'vitest'
import { fieldsInEnglish } from '../i18n/inEnglish.ts'
import { describeSolanaRequest } from './describeSolanaRequest.ts'
import { resolveLookupTables } from './resolveLookupTables.ts'
import type { WalletRpc } from './WalletRequest.ts'

const CHAIN = 'solana:GRYnpvyTctLiftw4vtvrNBxCJFxVdCTn'
const payer = Keypair.generate().publicKey
const hidden = Keypair.generate().publicKey
const tableKey = Keypair.generate().publicKey

/** A lookup table's account data as the chain stores it: the 56-byte meta, then the addresses. */
function tableData(addresses: PublicKey[]): string {
  const meta = new Uint8Array(56)
  const view = new DataView(meta.buffer)
  view.setUint32(0, 1, true) // LookupTable
  view.setBigUint64(4, 2n ** 64n - 1n, true) // not deactivated
  const bytes = new Uint8Array([...meta, ...addresses.flatMap((a) => [...a.toBytes()])])
  return btoa(String.fromCharCode(...bytes))
}

/** A v0 transfer whose recipient is loaded from the table: only the table names it. */
function transferThroughTable(): VersionedTransaction {
  const table = new AddressLookupTableAccount({
    key: tableKey,
    state: {
      deactivationSlot: 2n ** 64n - 1n,
      lastExtendedSlot: 0,
      lastExtendedSlotStartIndex: 0,
      addresses: [hidden],
    },
  })
  const message = new TransactionMessage({
    payerKey: payer,
    recentBlockhash: Keypair.generate().publicKey.toBase58(),
    instructions: [SystemProgram.transfer({ fromPubkey: payer, toPubkey: hidden, lamports: 2_000_000_000 })],
  }).compileToV0Message([table])
  return new VersionedTransaction(message)
}

const chainWith =
  (owner: string, data: string | null): WalletRpc =>
  async (_chain, method, params) => {
    expect([method, params[0]]).toEqual(['getAccountInfo', tableKey.toBase58()])
    return { value: data === null ? null : { data: [data, 'base64'], owner } }
  }
const LUT_OWNER = AddressLookupTableProgram.programId.toBase58()

describe('resolveLookupTables', () => {
  it('names the accounts a v0 message loads from a lookup table, read from the chain', async () => {
    const tx = transferThroughTable()
    expect(tx.message.staticAccountKeys.map(String)).not.toContain(hidden.toBase58())
    const keys = await resolveLookupTables(tx, chainWith(LUT_OWNER, tableData([hidden])), CHAIN)
    expect(keys).toContain(hidden.toBase58())
    const base64 = btoa(String.fromCharCode(...tx.serialize()))
    const description = await describeSolanaRequest(
      {
        method: 'solana_signTransaction',
        params: { transaction: base64 },
        chainId: CHAIN,
        chainNamespace: 'solana',
      },
      chainWith(LUT_OWNER, tableData([hidden])),
    )
    expect(fieldsInEnglish(description.fields)).toContainEqual({
      label: 'Transfer',
      value: `2.0 SOL from ${payer.toBase58()} to ${hidden.toBase58()}`,
    })
  })

  it('refuses a table the chain lacks, one not owned by the lookup-table program, or too short', async () => {
    const tx = transferThroughTable()
    const refused = (rpc: WalletRpc) =>
      resolveLookupTables(tx, rpc, CHAIN).then(
        () => 'resolved',
        (error: { name: string; shortMessage: string; details: string }) => [error.name, error.details],
      )
    const table = tableKey.toBase58()
    expect(await refused(chainWith(LUT_OWNER, null))).toEqual([
      'LookupTableUnavailableError',
      `${table}: no such account`,
    ])
    expect(await refused(chainWith(SystemProgram.programId.toBase58(), tableData([hidden])))).toEqual([
      'LookupTableUnavailableError',
      `${table}: not owned by the address lookup table program`,
    ])
    expect((await refused(chainWith(LUT_OWNER, tableData([]))))[0]).toBe('LookupTableUnavailableError')
  })
})
