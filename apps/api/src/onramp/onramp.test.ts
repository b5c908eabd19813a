import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { deployChainWorld, testAccount } from '@modalkit/local-chain'
import { type Anvil, startAnvil } from '@modalkit/local-chain/startAnvil'
import {
  onrampOptionsReplySchema,
  onrampOrderSchema,
  onrampQuoteReplySchema,
  onrampUrlReplySchema,
  SITE_ORIGIN_HEADER,
} from '@modalkit/protocol'
import { LOCAL_CHAIN_WORLD } from '@modalkit/shared'
import { Contract, JsonRpcProvider, parseEther, parseUnits, Wallet } from 'ethers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDb } from '../../test/openTestDb.ts'
import type { Db } from '../db/Db.ts'
import { migrate } from '../db/migrate.ts'
import { upsertProject } from '../projects/projects.ts'
import { createServer, ONRAMP_ORDERS_PER_IP } from '../server/createServer.ts'
import {
  ONRAMP_SIGNATURE_HEADER,
  ONRAMP_WEBHOOK_TOLERANCE_S,
  signOnrampWebhook,
} from './onrampWebhookSignature.ts'

// A real anvil and the API over PGlite; the provider's server side is played by this test's signed
// webhooks (the demo site's server sends them in the stack).
const CHAIN = 'eip155:31337'
const SITE = 'https://shop.test'
const SECRET = 'test-provider-secret'
const treasury = testAccount(9).address
const buyer = testAccount(8).address
let anvil: Anvil
let db: Db
let api: Server
let base = ''
let provider: JsonRpcProvider

beforeAll(async () => {
  anvil = await startAnvil()
  provider = new JsonRpcProvider(anvil.rpcUrl, undefined, { staticNetwork: true, cacheTimeout: -1 })
  // The local chain world: its 'Local USD' is USDC's stand-in here, and the treasury holds some.
  await deployChainWorld({ rpcUrl: anvil.rpcUrl, metadataOrigin: 'http://demo.test' })
  db = await openTestDb()
  await migrate(db)
  await upsertProject(db, { id: 'shop', name: 'Shop', allowedOrigins: [SITE] })
  api = createServer({
    db,
    corsOrigins: [],
    upstreams: new Map([[CHAIN, anvil.rpcUrl]]),
    onrampProvider: { pageUrl: 'http://demo.test/onramp-provider.html', secret: SECRET, treasury },
  })
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', () => r()))
  base = `http://127.0.0.1:${(api.address() as AddressInfo).port}`
}, 60_000)
afterAll(async () => {
  provider.destroy()
  await new Promise<void>((r) => api.close(() => r()))
  await db.close()
  anvil.stop()
})

const call = async (path: string, body?: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { [SITE_ORIGIN_HEADER]: SITE, 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}
const quoteBody = (amount: string, extra: Record<string, unknown> = {}) => ({
  purchaseCurrency: { id: 'ETH' },
  paymentCurrency: { id: 'USD' },
  amount,
  network: CHAIN,
  ...extra,
})
const urlBody = (fiat: string, extra: Record<string, unknown> = {}) => ({
  destinationWallets: [{ address: buyer, blockchains: [CHAIN], assets: ['ETH'] }],
  partnerUserId: buyer,
  presetFiatAmount: fiat,
  ...extra,
})

describe('options', () => {
  it('lists SPEC §9 limits per payment currency, the nodes’ native currency and the local provider', async () => {
    const { status, body } = await call('/v1/onramp/options?projectId=shop')
    expect(status).toBe(200)
    const options = onrampOptionsReplySchema.parse(body)
    const usd = options.paymentCurrencies.find((c) => c.id === 'USD')
    expect(usd?.payment_method_limits).toEqual([
      { id: 'card', min: '10.00', max: '7500.00' },
      { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
    ])
    expect(options.paymentCurrencies.map((c) => c.id)).toEqual(['USD', 'EUR'])
    // SPEC §9: USDC first (the local 'Local USD' on the local chains), then the native currency.
    expect(options.purchaseCurrencies.map((c) => c.id)).toEqual(['USDC', 'ETH'])
    expect(options.purchaseCurrencies[0]?.networks).toEqual([
      {
        name: CHAIN,
        display_name: 'Local Anvil A',
        chain_id: CHAIN,
        contract_address: LOCAL_CHAIN_WORLD.usd,
      },
    ])
    expect(options.purchaseCurrencies[1]?.networks.map((n) => n.chain_id)).toEqual([CHAIN])
    expect(options.providers.map((p) => p.name)).toEqual(['localramp', 'meld'])
  })

  it('is served only to a site the project allows', async () => {
    const { status } = await call('/v1/onramp/options?projectId=shop', undefined, {
      [SITE_ORIGIN_HEADER]: 'https://evil.test',
    })
    expect(status).toBe(403)
  })
})

describe('quote', () => {
  it('prices the purchase from the price table after the fees', async () => {
    const { status, body } = await call('/v1/onramp/quote?projectId=shop', quoteBody('100'))
    expect(status).toBe(200)
    const quote = onrampQuoteReplySchema.parse(body)
    expect(quote.coinbaseFee).toEqual({ amount: '1.00', currency: 'USD' })
    expect(quote.networkFee).toEqual({ amount: '0.10', currency: 'USD' })
    // 98.90 USD at 3000 USD per ETH.
    expect(quote.purchaseAmount).toEqual({ amount: '0.032966', currency: 'ETH' })
  })

  it.each([
    ['9.99', 'card', 'Amount must be between 10.00 and 7500.00 USD for card'],
    ['7500.01', 'card', 'Amount must be between 10.00 and 7500.00 USD for card'],
    ['25000.01', 'ach_bank_account', 'Amount must be between 10.00 and 25000.00 USD for bank account (ACH)'],
  ])('refuses %s by %s (SPEC §9 limits)', async (amount, paymentMethod, message) => {
    const { status, body } = await call(
      '/v1/onramp/quote?projectId=shop',
      quoteBody(amount, { paymentMethod }),
    )
    expect(status).toBe(400)
    expect(body).toEqual({ error: { code: 'amount_out_of_range', message, field: 'body.amount' } })
  })

  it('takes ACH amounts above the card limit', async () => {
    const body = quoteBody('20000', { paymentMethod: 'ach_bank_account' })
    expect((await call('/v1/onramp/quote?projectId=shop', body)).status).toBe(200)
  })

  it('prices USDC at one US dollar, in euros too', async () => {
    const usdc = { purchaseCurrency: { id: 'USDC' } }
    const usd = await call('/v1/onramp/quote?projectId=shop', quoteBody('150', usdc))
    expect(usd.status).toBe(200)
    // 150 USD less 1.50 and 0.10 in fees.
    expect(onrampQuoteReplySchema.parse(usd.body).purchaseAmount).toEqual({
      amount: '148.4',
      currency: 'USDC',
    })
    const eur = await call(
      '/v1/onramp/quote?projectId=shop',
      quoteBody('150', { ...usdc, paymentCurrency: { id: 'EUR' } }),
    )
    // 148.40 EUR at 0.92 EUR per USD.
    expect(onrampQuoteReplySchema.parse(eur.body).purchaseAmount).toEqual({
      amount: '161.304347',
      currency: 'USDC',
    })
  })

  it('floors to whole millionths without the float error of the division', async () => {
    // 16.08 USD less 0.50 and 0.10 is 15.48 USDC, which the division gives as 15.479999…
    const { body } = await call(
      '/v1/onramp/quote?projectId=shop',
      quoteBody('16.08', { purchaseCurrency: { id: 'USDC' } }),
    )
    expect(onrampQuoteReplySchema.parse(body).purchaseAmount.amount).toBe('15.48')
  })

  it('refuses an asset it does not sell', async () => {
    const { status, body } = await call(
      '/v1/onramp/quote?projectId=shop',
      quoteBody('50', { purchaseCurrency: { id: 'DOGE' } }),
    )
    expect(status).toBe(400)
    expect(body).toEqual({
      error: {
        code: 'validation_error',
        message: 'invalid_value: body.purchaseCurrency.id',
        field: 'body.purchaseCurrency.id',
      },
    })
  })

  it('refuses a network without a node', async () => {
    const { status, body } = await call(
      '/v1/onramp/quote?projectId=shop',
      quoteBody('50', { network: 'eip155:1' }),
    )
    expect(status).toBe(400)
    expect((body.error as { code: string }).code).toBe('unsupported_chain')
  })
})

const seconds = () => Math.floor(Date.now() / 1000)
let events = 0
/** The provider's completion event for an order, as its server side would sign and send it. */
const completion = (order: { orderId: string }, data: Record<string, string> = {}) =>
  JSON.stringify({
    id: `evt_${(++events).toString().padStart(16, '0')}`,
    type: 'order.completed',
    data: {
      orderId: order.orderId,
      status: 'completed',
      address: buyer,
      network: CHAIN,
      asset: 'ETH',
      cryptoAmount: '0.032966',
      ...data,
    },
  })
const webhook = async (body: string, headers: Record<string, string>) => {
  const res = await fetch(`${base}/v1/onramp/webhooks/localramp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}
const signed = (body: string, secret = SECRET, at = seconds()) => ({
  [ONRAMP_SIGNATURE_HEADER]: signOnrampWebhook(body, secret, at),
})
const newOrder = async () => {
  const { status, body } = await call('/v1/generators/onrampurl?projectId=shop', urlBody('100'))
  expect(status).toBe(200)
  const { url, orderId } = onrampUrlReplySchema.parse(body)
  if (!orderId) throw new Error('the local provider’s URL comes with its order')
  return { url, orderId }
}
const statusOf = async (orderId: string) =>
  (await db.query<{ status: string }>('select status from onramp_orders where id = $1', [orderId]))[0]?.status

describe('the meld provider (SPEC §9)', () => {
  const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
  const SOL_ADDRESS = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
  const meld = (address: string, chain: string) =>
    call('/v1/generators/onrampurl?projectId=shop', {
      destinationWallets: [{ address, blockchains: [chain], assets: ['USDC'] }],
      partnerUserId: address,
      provider: 'meld',
    })
  const ordersNow = async () => (await db.query('select id from onramp_orders')).length

  it.each([
    ['USDC on an EVM network', buyer, 'eip155:137', 'USDC'],
    ['SOL on Solana', SOL_ADDRESS, SOLANA, 'SOL'],
  ])('makes its URL with the wallet address and %s, and keeps no order', async (_, address, chain, code) => {
    const before = await ordersNow()
    const { status, body } = await meld(address, chain)
    expect(status).toBe(200)
    const reply = onrampUrlReplySchema.parse(body)
    expect(reply.orderId).toBeUndefined()
    const url = new URL(reply.url)
    expect(url.origin).toBe('https://meldcrypto.com')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      walletAddress: address,
      destinationCurrencyCode: code,
    })
    expect(await ordersNow()).toBe(before)
  })

  it('refuses an address of another namespace, and parameters smuggled in the address', async () => {
    expect((await meld(SOL_ADDRESS, 'eip155:137')).status).toBe(400)
    expect((await meld(buyer, SOLANA)).status).toBe(400)
    expect((await meld(`${buyer}&destinationCurrencyCode=ETH`, 'eip155:137')).status).toBe(400)
  })

  it('keeps the local provider to EVM addresses, and refuses an unknown provider', async () => {
    const solana = await call('/v1/generators/onrampurl?projectId=shop', {
      ...urlBody('100'),
      destinationWallets: [{ address: SOL_ADDRESS, blockchains: [CHAIN], assets: ['ETH'] }],
    })
    expect(solana.status).toBe(400)
    const other = await call('/v1/generators/onrampurl?projectId=shop', urlBody('100', { provider: 'nope' }))
    expect(other.status).toBe(400)
  })
})

describe('URL and the provider completing the order', () => {
  it('makes the provider URL with wallet, network, currency and amount, and the signed webhook delivers it once', async () => {
    const { url, orderId } = await newOrder()
    const params = new URL(url).searchParams
    expect(Object.fromEntries(params)).toEqual({
      order: orderId,
      wallet: buyer,
      network: CHAIN,
      currency: 'ETH',
      amount: '0.032966',
      fiat: '100',
      fiatCurrency: 'USD',
    })
    const before = await provider.getBalance(buyer)
    const event = completion({ orderId })
    const done = await webhook(event, signed(event))
    expect(done.status).toBe(200)
    const order = onrampOrderSchema.parse(done.body.order)
    expect(order.status).toBe('completed')
    expect(await provider.getBalance(buyer)).toBe(before + parseEther('0.032966'))
    const receipt = await provider.getTransactionReceipt(order.txHash!)
    expect(receipt?.from).toBe(treasury)
  })

  it('delivers USDC (the local chain’s Local USD) by the token’s transfer from the treasury', async () => {
    const usd = new Contract(
      LOCAL_CHAIN_WORLD.usd,
      ['function balanceOf(address) view returns (uint256)'],
      provider,
    )
    const balanceOf = (address: string) => usd.getFunction('balanceOf')(address) as Promise<bigint>
    const { status, body } = await call(
      '/v1/generators/onrampurl?projectId=shop',
      urlBody('150', { destinationWallets: [{ address: buyer, blockchains: [CHAIN], assets: ['USDC'] }] }),
    )
    expect(status).toBe(200)
    const { url, orderId } = onrampUrlReplySchema.parse(body)
    expect(new URL(url).searchParams.get('currency')).toBe('USDC')
    expect(new URL(url).searchParams.get('amount')).toBe('148.4')
    const [buyerBefore, treasuryBefore, ethBefore] = [
      await balanceOf(buyer),
      await balanceOf(treasury),
      await provider.getBalance(buyer),
    ]
    const event = completion({ orderId: orderId! }, { asset: 'USDC', cryptoAmount: '148.4' })
    const done = await webhook(event, signed(event))
    expect(done.status).toBe(200)
    expect(onrampOrderSchema.parse(done.body.order).status).toBe('completed')
    expect(await balanceOf(buyer)).toBe(buyerBefore + parseUnits('148.4', 6))
    expect(await balanceOf(treasury)).toBe(treasuryBefore - parseUnits('148.4', 6))
    expect(await provider.getBalance(buyer)).toBe(ethBefore)
  })

  it('refuses a completion without the provider’s signature, even with the site’s Origin: nothing is sent', async () => {
    const { orderId } = await newOrder()
    const before = await provider.getBalance(buyer)
    const event = completion({ orderId })
    const forged = { origin: 'http://demo.test', [SITE_ORIGIN_HEADER]: SITE }
    // No signature, a malformed one, one made with another secret, the provider's own over a body
    // changed after it signed (a larger amount).
    for (const [body, headers] of [
      [event, forged],
      [event, { ...forged, [ONRAMP_SIGNATURE_HEADER]: 'v1=00' }],
      [event, { ...forged, ...signed(event, 'not-the-provider-secret') }],
      [event.replace('0.032966', '3.032966'), { ...forged, ...signed(event) }],
    ] as const) {
      const { status, body: reply } = await webhook(body, headers)
      expect(status).toBe(401)
      expect((reply.error as { code: string }).code).toBe('invalid_signature')
    }
    // The provider's former completion path is gone, with or without the secret.
    for (const authorization of ['', `Bearer ${SECRET}`]) {
      const old = await call(`/v1/onramp/provider/orders/${orderId}/complete`, {}, { authorization })
      expect(old.status).toBe(404)
    }
    expect(await provider.getBalance(buyer)).toBe(before)
    expect(await statusOf(orderId)).toBe('pending')
  })

  it('refuses a replayed webhook and a second event for the same order: the ETH is sent once', async () => {
    const { orderId } = await newOrder()
    const before = await provider.getBalance(buyer)
    const event = completion({ orderId })
    const headers = signed(event)
    expect((await webhook(event, headers)).status).toBe(200)
    const replay = await webhook(event, headers)
    expect(replay.status).toBe(409)
    expect((replay.body.error as { code: string }).code).toBe('webhook_replayed')
    const second = completion({ orderId })
    const again = await webhook(second, signed(second))
    expect(again.status).toBe(409)
    expect((again.body.error as { code: string }).code).toBe('order_not_pending')
    expect(await provider.getBalance(buyer)).toBe(before + parseEther('0.032966'))
  })

  it('refuses a webhook signed more than 5 minutes ago (or ahead): nothing is sent', async () => {
    const { orderId } = await newOrder()
    const before = await provider.getBalance(buyer)
    // A minute past the tolerance each way: a slow request cannot bring the one ahead back inside it.
    const outside = ONRAMP_WEBHOOK_TOLERANCE_S + 60
    for (const at of [seconds() - outside, seconds() + outside]) {
      const event = completion({ orderId })
      const { status, body } = await webhook(event, signed(event, SECRET, at))
      expect(status).toBe(401)
      expect(body.error).toMatchObject({ code: 'invalid_signature', message: /tolerance/ })
    }
    expect(await provider.getBalance(buyer)).toBe(before)
    expect(await statusOf(orderId)).toBe('pending')
  })

  it('sends what the API’s order says: a signed webhook with another amount or address is refused', async () => {
    const { orderId } = await newOrder()
    const before = await provider.getBalance(buyer)
    const other = testAccount(7).address
    const otherBefore = await provider.getBalance(other)
    for (const data of [{ cryptoAmount: '5' }, { address: other }, { network: 'eip155:31338' }]) {
      const event = completion({ orderId }, data)
      const { status, body } = await webhook(event, signed(event))
      expect(status).toBe(400)
      expect((body.error as { code: string }).code).toBe('order_mismatch')
    }
    expect(await provider.getBalance(buyer)).toBe(before)
    expect(await provider.getBalance(other)).toBe(otherBefore)
    expect(await statusOf(orderId)).toBe('pending')
  })

  it('refuses an amount outside the limits without making an order', async () => {
    const { status, body } = await call('/v1/generators/onrampurl?projectId=shop', urlBody('5'))
    expect(status).toBe(400)
    expect((body.error as { code: string }).code).toBe('amount_out_of_range')
  })

  it('stops a flood of orders from one client at its rate limit, storing nothing past it', async () => {
    // The attacker, a plain HTTP client, starts purchases for ever new wallets to fill the table.
    const order = (address: string) =>
      call(
        '/v1/generators/onrampurl?projectId=shop',
        urlBody('20', { destinationWallets: [{ address, blockchains: [CHAIN], assets: ['ETH'] }] }),
      )
    const count = async () =>
      (await db.query<{ n: number }>('select count(*)::int as n from onramp_orders'))[0]?.n ?? 0
    // This file's other orders came from the same client, so the limit ends the flood sooner.
    let made = 0
    let last = { status: 200, body: {} as Record<string, unknown> }
    while (last.status === 200 && made <= ONRAMP_ORDERS_PER_IP) {
      last = await order(Wallet.createRandom().address)
      if (last.status === 200) made += 1
    }
    expect(last.status).toBe(429)
    expect((last.body.error as { code: string }).code).toBe('rate_limited')
    expect(made).toBeLessThan(ONRAMP_ORDERS_PER_IP)
    const stored = await count()
    expect((await order(Wallet.createRandom().address)).status).toBe(429)
    expect(await count()).toBe(stored)
  })
})
