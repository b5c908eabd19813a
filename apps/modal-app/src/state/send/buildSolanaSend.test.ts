import { base64ToBytes } from '@modalkit/shared'
import { Keypair, SystemProgram, Transaction } from '@solana/web3.js'
import { describe, expect, it } from 'vitest'
import { buildSolanaSend } from './buildSolanaSend.ts'

// The transaction's bytes, decoded back. The cluster's replies are canned here (the local Solana
// node is exercised end to end in e2e/sendSolana.spec.ts); this checks the instructions' layout.
const from = Keypair.generate().publicKey
const to = Keypair.generate().publicKey
const mint = Keypair.generate().publicKey
const source = Keypair.generate().publicKey
const blockhash = Keypair.generate().publicKey.toBase58()

function cluster(recipientAccounts: string[]) {
  const asked: string[] = []
  const rpc = async (method: string, params: unknown[]) => {
    asked.push(method)
    if (method === 'getLatestBlockhash') return { value: { blockhash } }
    if (method === 'getFeeForMessage') return { value: 5000 }
    if (method === 'getTokenAccountsByOwner') {
      const owner = params[0]
      const accounts = owner === from.toBase58() ? [source.toBase58()] : recipientAccounts
      return {
        value: accounts.map((pubkey) => ({
          pubkey,
          account: { data: { parsed: { info: { tokenAmount: { amount: '5000000' } } } } },
        })),
      }
    }
    throw new Error(`unexpected ${method}`)
  }
  return { rpc, asked }
}
const decode = (base64: string) => Transaction.from(base64ToBytes(base64) ?? new Uint8Array())

describe('buildSolanaSend', () => {
  it("sends SOL by the system program's transfer, with the cluster's fee", async () => {
    const { rpc } = cluster([])
    const built = await buildSolanaSend({
      rpc,
      from: from.toBase58(),
      recipient: to.toBase58(),
      amount: 7n,
      mint: undefined,
      decimals: 9,
    })
    expect(built.fee).toBe(5000n)
    const tx = decode(built.transaction)
    expect(tx.recentBlockhash).toBe(blockhash)
    expect(tx.feePayer?.equals(from)).toBe(true)
    expect(tx.instructions).toHaveLength(1)
    const ix = tx.instructions[0]!
    expect(ix.programId.equals(SystemProgram.programId)).toBe(true)
    expect(ix.keys.map((k) => k.pubkey.toBase58())).toEqual([from.toBase58(), to.toBase58()])
  })

  it('sends SPL by TransferChecked(amount, decimals) into the token account the recipient has', async () => {
    const existing = Keypair.generate().publicKey
    const { rpc } = cluster([existing.toBase58()])
    const built = await buildSolanaSend({
      rpc,
      from: from.toBase58(),
      recipient: to.toBase58(),
      amount: 1_500_000n,
      mint: mint.toBase58(),
      decimals: 6,
    })
    const [ix, ...rest] = decode(built.transaction).instructions
    expect(rest).toHaveLength(0)
    expect([...ix!.data]).toEqual([12, 0x60, 0xe3, 0x16, 0, 0, 0, 0, 0, 6])
    expect(ix!.keys.map((k) => k.pubkey.toBase58())).toEqual(
      [source, mint, existing, from].map((k) => k.toBase58()),
    )
    expect(ix!.keys[3]?.isSigner).toBe(true)
  })

  it("creates the recipient's associated token account first when it has none", async () => {
    const { rpc } = cluster([])
    const built = await buildSolanaSend({
      rpc,
      from: from.toBase58(),
      recipient: to.toBase58(),
      amount: 1n,
      mint: mint.toBase58(),
      decimals: 6,
    })
    const [create, transfer] = decode(built.transaction).instructions
    expect(create?.programId.toBase58()).toBe('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL')
    expect([...create!.data]).toEqual([1])
    const ata = create!.keys[1]!.pubkey
    expect(transfer!.keys[2]!.pubkey.equals(ata)).toBe(true)
  })

  it('refuses when no token account of the sender holds the amount', async () => {
    const { rpc } = cluster([])
    await expect(
      buildSolanaSend({
        rpc,
        from: from.toBase58(),
        recipient: to.toBase58(),
        amount: 5_000_001n,
        mint: mint.toBase58(),
        decimals: 6,
      }),
    ).rejects.toThrow(RangeError)
  })
})
