import { randomBytes } from 'node:crypto'
import type { OnrampOrder, OnrampPaymentMethod } from '@modalkit/protocol'
import { type Address, encodeFunctionData, erc20Abi, parseEther, parseUnits, toHex } from 'viem'
import { callNode } from '../chain/callNode.ts'
import type { Db } from '../db/Db.ts'
import { HttpError } from '../server/HttpError.ts'
import { assetContract, isOnrampAsset, USDC_DECIMALS } from './onrampCatalogue.ts'

type OrderRow = {
  id: string
  address: string
  network: string
  asset: string
  crypto_amount: string
  fiat_amount: string
  fiat_currency: string
  status: OnrampOrder['status']
  tx_hash: string | null
}

const toOrder = (row: OrderRow): OnrampOrder => ({
  orderId: row.id,
  status: row.status,
  address: row.address,
  network: row.network,
  asset: row.asset,
  cryptoAmount: row.crypto_amount,
  fiatAmount: row.fiat_amount,
  fiatCurrency: row.fiat_currency,
  ...(row.tx_hash ? { txHash: row.tx_hash } : {}),
})

export type NewOrder = Omit<OnrampOrder, 'orderId' | 'status' | 'txHash'> & {
  projectId: string
  paymentMethod: OnrampPaymentMethod
}

/** The transfer that delivers an order: the native currency as value, a token by its `transfer`. */
function delivery(row: OrderRow): { to: string; value?: string; data?: string } {
  if (row.asset === 'ETH') return { to: row.address, value: toHex(parseEther(row.crypto_amount)) }
  const contract = isOnrampAsset(row.asset) ? assetContract(row.asset, row.network) : undefined
  if (!contract) throw new Error(`${row.asset} is not sold on ${row.network}`)
  const data = encodeFunctionData({
    abi: erc20Abi,
    functionName: 'transfer',
    args: [row.address as Address, parseUnits(row.crypto_amount, USDC_DECIMALS)],
  })
  return { to: contract, data }
}

export async function createOrder(db: Db, order: NewOrder, now: number): Promise<OnrampOrder> {
  const id = randomBytes(16).toString('hex')
  await db.query(
    `insert into onramp_orders (id, project_id, address, network, asset, crypto_amount, fiat_amount,
       fiat_currency, payment_method, status, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'pending', $10)`,
    [
      id,
      order.projectId,
      order.address,
      order.network,
      order.asset,
      order.cryptoAmount,
      order.fiatAmount,
      order.fiatCurrency,
      order.paymentMethod,
      now,
    ],
  )
  return { ...order, orderId: id, status: 'pending' }
}

export async function readOrder(db: Db, id: string): Promise<OnrampOrder | undefined> {
  const rows = await db.query<OrderRow>('select * from onramp_orders where id = $1', [id])
  return rows[0] ? toOrder(rows[0]) : undefined
}

/**
 * Completes a pending order once: claims it (pending → completed, so a second call finds nothing to
 * claim), then delivers the crypto by a transfer from the provider's funded account on the order's
 * node. A transfer that fails marks the order failed.
 */
export async function completeOrder(
  db: Db,
  id: string,
  deps: { treasury: string; nodeUrl: (chain: string) => string | undefined },
): Promise<OnrampOrder> {
  const claimed = await db.query<OrderRow>(
    `update onramp_orders set status = 'completed' where id = $1 and status = 'pending' returning *`,
    [id],
  )
  const row = claimed[0]
  if (!row) {
    const existing = await readOrder(db, id)
    if (!existing) throw new HttpError(404, 'not_found', 'no such order')
    throw new HttpError(409, 'order_not_pending', `the order is ${existing.status}`)
  }
  const url = deps.nodeUrl(row.network)
  try {
    if (!url) throw new Error(`no node for ${row.network}`)
    const hash = await callNode<string>(url, 'eth_sendTransaction', [
      { from: deps.treasury, ...delivery(row) },
    ])
    await db.query('update onramp_orders set tx_hash = $2 where id = $1', [id, hash])
    return toOrder({ ...row, tx_hash: hash })
  } catch (error) {
    await db.query(`update onramp_orders set status = 'failed' where id = $1`, [id])
    throw new HttpError(502, 'transfer_failed', error instanceof Error ? error.message : 'transfer failed')
  }
}
