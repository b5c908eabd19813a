import {
  ComputeBudgetProgram,
  Keypair,
  SystemProgram,
  Transaction,
  VersionedTransaction,
} from '@solana/web3.js'
import { describe, expect, it } from 'vitest'
import { readRecentUnitPrice } from './readRecentUnitPrice.ts'
import type { WalletRpc } from './WalletRequest.ts'

const CHAIN = 'solana:GRYnpvyTctLiftw4vtvrNBxCJFxVdCTn'
const payer = Keypair.generate().publicKey
const transfer = SystemProgram.transfer({ fromPubkey: payer, toPubkey: payer, lamports: 1 })

function item(withPrice: boolean) {
  const tx = new Transaction({ feePayer: payer, recentBlockhash: payer.toBase58() })
  if (withPrice) tx.add(ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 7 }))
  tx.add(transfer)
  const bytes = tx.serialize({ requireAllSignatures: false, verifySignatures: false })
  return { transaction: VersionedTransaction.deserialize(bytes) }
}

describe('readRecentUnitPrice', () => {
  it("asks the chain only when a price is set, and gives the median of the slots' prices", async () => {
    const asked: string[] = []
    const rpc: WalletRpc = async (_chain, method) => {
      asked.push(method)
      return [3, 1, 100, 2, 5].map((prioritizationFee, slot) => ({ slot, prioritizationFee }))
    }
    expect(await readRecentUnitPrice([item(false)], rpc, CHAIN)).toBeUndefined()
    expect(asked).toEqual([])
    expect(await readRecentUnitPrice([item(false), item(true)], rpc, CHAIN)).toBe(3n)
    expect(asked).toEqual(['getRecentPrioritizationFees'])
  })

  it('no median when the chain fails, answers no slot, or answers something else', async () => {
    const failing: WalletRpc = async () => {
      throw new Error('Method not found')
    }
    expect(await readRecentUnitPrice([item(true)], failing, CHAIN)).toBeUndefined()
    expect(await readRecentUnitPrice([item(true)], async () => [], CHAIN)).toBeUndefined()
    expect(await readRecentUnitPrice([item(true)], async () => ({ value: 1 }), CHAIN)).toBeUndefined()
  })
})
