import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { deployChainWorld, testAccount } from '@modalkit/local-chain'
import { type Anvil, startAnvil } from '@modalkit/local-chain/startAnvil'
import {
  convertAllowanceReplySchema,
  convertBuildApproveReplySchema,
  convertBuildTransactionReplySchema,
  convertGasPriceReplySchema,
  convertQuotesReplySchema,
  convertTokensReplySchema,
  NATIVE_TOKEN_ADDRESS,
  SITE_ORIGIN_HEADER,
  type SwapTx,
} from '@modalkit/protocol'
import { LOCAL_CHAIN_WORLD } from '@modalkit/shared'
import { Contract, JsonRpcProvider, parseEther, parseUnits } from 'ethers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDb } from '../../test/openTestDb.ts'
import type { Db } from '../db/Db.ts'
import { migrate } from '../db/migrate.ts'
import { upsertProject } from '../projects/projects.ts'
import { createServer } from '../server/createServer.ts'

// Two real anvil nodes: one with the local chain world (Uniswap V2 router, WETH, LUSD, MDL), one
// bare (a network without a router), and the API over PGlite. A Solana id is configured with a
// node URL that is never called: the swap endpoints must refuse it before any call.
const CHAIN = 'eip155:31337'
const BARE = 'eip155:31338'
const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const SITE = 'https://shop.test'
let anvil: Anvil
let bare: Anvil
let db: Db
let api: Server
let base = ''
let provider: JsonRpcProvider
const user = testAccount(4)
const caip = (address: string, chain = CHAIN) => `${chain}:${address}`
const ETH = caip(NATIVE_TOKEN_ADDRESS)
const LUSD = caip(LOCAL_CHAIN_WORLD.usd)
const MDL = caip(LOCAL_CHAIN_WORLD.token)
const USER = caip(user.address)

beforeAll(async () => {
  ;[anvil, bare] = await Promise.all([startAnvil(), startAnvil(31338)])
  // The metadata origin is never read here (no indexer runs), only written into the collections.
  await deployChainWorld({ rpcUrl: anvil.rpcUrl, metadataOrigin: 'http://127.0.0.1:9' })
  provider = new JsonRpcProvider(anvil.rpcUrl, undefined, {
    staticNetwork: true,
    cacheTimeout: -1,
    pollingInterval: 50,
  })
  db = await openTestDb()
  await migrate(db)
  await upsertProject(db, { id: 'shop', name: 'Shop', allowedOrigins: [SITE] })
  const upstreams = new Map([
    [CHAIN, anvil.rpcUrl],
    [BARE, bare.rpcUrl],
    [SOLANA, 'http://127.0.0.1:9'],
  ])
  api = createServer({ db, corsOrigins: [], upstreams, now: () => Date.now() })
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', () => r()))
  base = `http://127.0.0.1:${(api.address() as AddressInfo).port}`
}, 60_000)
afterAll(async () => {
  provider.destroy()
  await new Promise<void>((r) => api.close(() => r()))
  await db.close()
  anvil.stop()
  bare.stop()
})

const get = async (path: string, query: Record<string, string>, site = SITE) => {
  const qs = new URLSearchParams({ projectId: 'shop', ...query })
  const res = await fetch(`${base}/v1/convert/${path}?${qs}`, { headers: { [SITE_ORIGIN_HEADER]: site } })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}
const post = async (body: Record<string, unknown>) => {
  const res = await fetch(`${base}/v1/convert/build-transaction`, {
    method: 'POST',
    headers: { [SITE_ORIGIN_HEADER]: SITE, 'content-type': 'application/json' },
    body: JSON.stringify({ projectId: 'shop', ...body }),
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}
const erc20 = (address: string) =>
  new Contract(address, ['function balanceOf(address) view returns (uint256)'], provider)
const balanceOf = async (token: string) => BigInt(await erc20(token).getFunction('balanceOf')(user.address))
const send = async (tx: SwapTx) => {
  const sent = await user.connect(provider).sendTransaction({
    to: tx.to,
    data: tx.data,
    value: BigInt(tx.amount),
    gasLimit: BigInt(tx.eip155.gas),
    gasPrice: BigInt(tx.eip155.gasPrice),
  })
  const receipt = await sent.wait()
  expect(receipt?.status).toBe(1)
  return receipt!
}
const quote = async (from: string, to: string, amount: bigint) => {
  const { status, body } = await get('quotes', { amount: amount.toString(), userAddress: USER, from, to })
  expect(status, JSON.stringify(body)).toBe(200)
  const [first] = convertQuotesReplySchema.parse(body).quotes
  return first!
}
/** Uniswap V2's constant-product output with its 0.3% fee, computed here from the pair's reserves. */
const pairReserves = async (a: string, b: string) => {
  const factory = new Contract(
    LOCAL_CHAIN_WORLD.uniswapV2Factory,
    ['function getPair(address,address) view returns (address)'],
    provider,
  )
  const pairAddress = String(await factory.getFunction('getPair')(a, b))
  const pair = new Contract(
    pairAddress,
    [
      'function token0() view returns (address)',
      'function getReserves() view returns (uint112,uint112,uint32)',
    ],
    provider,
  )
  const [r0, r1] = (await pair.getFunction('getReserves')()) as [bigint, bigint]
  const token0 = String(await pair.getFunction('token0')())
  return token0.toLowerCase() === a.toLowerCase() ? [r0, r1] : [r1, r0]
}
const amountOut = (x: bigint, [rIn, rOut]: bigint[]) => (x * 997n * rOut!) / (rIn! * 1000n + x * 997n)

describe('tokens and gas price', () => {
  it('lists what the router can trade, found from its pools, with prices and the account balances', async () => {
    const { status, body } = await get('tokens', { chainId: CHAIN, userAddress: USER })
    expect(status).toBe(200)
    const { tokens } = convertTokensReplySchema.parse(body)
    // Balances in the balance endpoint's shape: the token's decimals and the amount.
    expect(tokens.map((t) => t.quantity?.decimals)).toEqual(['18', '6', '18'])
    expect(tokens.map((t) => [t.symbol, t.address, t.decimals, t.price, t.quantity?.numeric])).toEqual([
      ['ETH', ETH, 18, 3000, expect.stringMatching(/^\d+(\.\d+)?$/)],
      ['LUSD', LUSD, 6, 1, '1000'],
      ['MDL', MDL, 18, 2.5, '100'],
    ])
  })

  it('gives the node gas price as standard, fast and instant', async () => {
    const { status, body } = await get('gas-price', { chainId: CHAIN })
    expect(status).toBe(200)
    const price = convertGasPriceReplySchema.parse(body)
    const node = BigInt(await provider.send('eth_gasPrice', []))
    expect(BigInt(price.standard)).toBe(node)
    expect(BigInt(price.fast)).toBeGreaterThan(node)
    expect(BigInt(price.instant)).toBeGreaterThan(BigInt(price.fast))
  })
})

describe('quotes', () => {
  it('quotes ETH to LUSD from the pool: the constant-product output, its 0.3% fee and its price impact', async () => {
    const amount = parseEther('1')
    const q = await quote(ETH, LUSD, amount)
    const reserves = await pairReserves(LOCAL_CHAIN_WORLD.weth, LOCAL_CHAIN_WORLD.usd)
    expect(BigInt(q.toAmount)).toBe(amountOut(amount, reserves))
    expect(q.path).toEqual([LOCAL_CHAIN_WORLD.weth, LOCAL_CHAIN_WORLD.usd])
    expect(q.fee).toBe(parseEther('0.003').toString())
    // 1 ETH into a 100 ETH pool moves the price by about 1%.
    expect(q.priceImpact).toBeGreaterThan(0.9)
    expect(q.priceImpact).toBeLessThan(1.1)
    // A bigger trade moves the price more.
    expect((await quote(ETH, LUSD, parseEther('10'))).priceImpact).toBeGreaterThan(q.priceImpact)
  })

  it('routes LUSD to MDL through WETH (two hops, two fees)', async () => {
    const amount = parseUnits('100', 6)
    const q = await quote(LUSD, MDL, amount)
    expect(q.path).toEqual([LOCAL_CHAIN_WORLD.usd, LOCAL_CHAIN_WORLD.weth, LOCAL_CHAIN_WORLD.token])
    const mid = amountOut(amount, await pairReserves(LOCAL_CHAIN_WORLD.usd, LOCAL_CHAIN_WORLD.weth))
    expect(BigInt(q.toAmount)).toBe(
      amountOut(mid, await pairReserves(LOCAL_CHAIN_WORLD.weth, LOCAL_CHAIN_WORLD.token)),
    )
    expect(q.fee).toBe((amount - (((amount * 997n) / 1000n) * 997n) / 1000n).toString())
  })

  it('refuses a zero amount and a token to itself with typed errors', async () => {
    const zero = await get('quotes', { amount: '0', userAddress: USER, from: ETH, to: LUSD })
    expect([zero.status, zero.body.error]).toEqual([
      400,
      { code: 'validation_error', message: 'too_small: query.amount', field: 'query.amount' },
    ])
    const same = await get('quotes', { amount: '1', userAddress: USER, from: LUSD, to: LUSD })
    expect([same.status, (same.body.error as { code: string }).code]).toEqual([400, 'no_swap_route'])
  })
})

describe('approve and swap', () => {
  it('LUSD to MDL: allowance short, approve, then the built swap moves both balances as quoted', async () => {
    const amount = parseUnits('250', 6)
    const allowance = async () =>
      BigInt(
        convertAllowanceReplySchema.parse(
          (await get('allowance', { tokenAddress: LUSD, userAddress: USER })).body,
        ).allowance,
      )
    expect(await allowance()).toBe(0n)
    // Before the approval the swap cannot even be estimated: a typed error, not a transaction that reverts.
    const early = await post({
      amount: amount.toString(),
      eip155: { slippage: '1' },
      from: LUSD,
      to: MDL,
      userAddress: USER,
    })
    expect([early.status, (early.body.error as { code: string }).code]).toEqual([400, 'swap_would_fail'])
    const approve = await get('build-approve', {
      userAddress: USER,
      from: LUSD,
      to: MDL,
      amount: amount.toString(),
    })
    expect(approve.status).toBe(200)
    await send(convertBuildApproveReplySchema.parse(approve.body).tx)
    expect(await allowance()).toBe(amount)

    const q = await quote(LUSD, MDL, amount)
    const built = await post({
      amount: amount.toString(),
      eip155: { slippage: '1' },
      from: LUSD,
      to: MDL,
      userAddress: USER,
    })
    expect(built.status, JSON.stringify(built.body)).toBe(200)
    const { tx, amountOutMin, deadline } = convertBuildTransactionReplySchema.parse(built.body)
    expect([tx.from, tx.to, tx.amount]).toEqual([user.address, LOCAL_CHAIN_WORLD.uniswapV2Router, '0'])
    expect(BigInt(amountOutMin)).toBe((BigInt(q.toAmount) * 99n) / 100n)
    const latest = await provider.getBlock('latest')
    expect(deadline).toBe((latest?.timestamp ?? 0) + 20 * 60)

    const [usdBefore, mdlBefore] = [
      await balanceOf(LOCAL_CHAIN_WORLD.usd),
      await balanceOf(LOCAL_CHAIN_WORLD.token),
    ]
    await send(tx)
    expect(usdBefore - (await balanceOf(LOCAL_CHAIN_WORLD.usd))).toBe(amount)
    // Nothing else traded in between: exactly the quoted amount arrives.
    expect((await balanceOf(LOCAL_CHAIN_WORLD.token)) - mdlBefore).toBe(BigInt(q.toAmount))
    expect(await allowance()).toBe(0n)
  })

  it('ETH to LUSD needs no approval: the value rides on the transaction, LUSD arrives as quoted', async () => {
    const amount = parseEther('0.5')
    const allowance = await get('allowance', { tokenAddress: ETH, userAddress: USER })
    expect(BigInt(convertAllowanceReplySchema.parse(allowance.body).allowance)).toBe(2n ** 256n - 1n)
    const q = await quote(ETH, LUSD, amount)
    const built = await post({
      amount: amount.toString(),
      eip155: { slippage: '0.5' },
      from: ETH,
      to: LUSD,
      userAddress: USER,
    })
    const { tx } = convertBuildTransactionReplySchema.parse(built.body)
    expect(tx.amount).toBe(amount.toString())
    const ethBefore = await provider.getBalance(user.address)
    const usdBefore = await balanceOf(LOCAL_CHAIN_WORLD.usd)
    const receipt = await send(tx)
    expect((await balanceOf(LOCAL_CHAIN_WORLD.usd)) - usdBefore).toBe(BigInt(q.toAmount))
    const spent = ethBefore - (await provider.getBalance(user.address))
    expect(spent).toBe(amount + receipt.gasUsed * receipt.gasPrice)
  })

  it('a built swap still succeeds in a block later than its estimate ran against', async () => {
    // The pair just traded in the latest block. Estimated against that block, the swap skips the
    // pair's price accumulators (no time elapsed); mined a minute later, it writes them. A gas limit
    // equal to the bare estimate runs out of gas there, and the user pays for a revert.
    const amount = parseEther('0.01')
    const build = async () =>
      convertBuildTransactionReplySchema.parse(
        (
          await post({
            amount: amount.toString(),
            eip155: { slippage: '1' },
            from: ETH,
            to: LUSD,
            userAddress: USER,
          })
        ).body,
      ).tx
    await send(await build())
    const tx = await build()
    const latest = await provider.getBlock('latest')
    await provider.send('evm_setNextBlockTimestamp', [latest!.timestamp + 60])
    const receipt = await send(tx)
    expect(receipt.gasUsed).toBeLessThan(BigInt(tx.eip155.gas))
  })

  it('refuses a slippage of 100% or more', async () => {
    const { status, body } = await post({
      amount: '1000',
      eip155: { slippage: '100' },
      from: ETH,
      to: LUSD,
      userAddress: USER,
    })
    expect([status, (body.error as { field: string }).field]).toEqual([400, 'body.eip155.slippage'])
  })
})

describe('unsupported networks and sites', () => {
  it("answers 'Network not supported for Swaps' on a network without a router and on Solana", async () => {
    const error = { code: 'swaps_network_unsupported', message: 'Network not supported for Swaps' }
    const bareTokens = await get('tokens', { chainId: BARE })
    expect([bareTokens.status, bareTokens.body.error]).toMatchObject([400, error])
    const bareQuote = await get('quotes', {
      amount: '1',
      userAddress: caip(user.address, BARE),
      from: caip(NATIVE_TOKEN_ADDRESS, BARE),
      to: caip(LOCAL_CHAIN_WORLD.usd, BARE),
    })
    expect([bareQuote.status, bareQuote.body.error]).toMatchObject([400, error])
    const solana = await get('tokens', { chainId: SOLANA })
    expect([solana.status, solana.body.error]).toMatchObject([400, error])
  })

  it("answers 'Network not supported for Gas Price' on Solana and an unknown network", async () => {
    for (const chainId of [SOLANA, 'eip155:999']) {
      const { status, body } = await get('gas-price', { chainId })
      expect([status, body.error]).toMatchObject([
        400,
        { code: 'gas_price_network_unsupported', message: 'Network not supported for Gas Price' },
      ])
    }
  })

  it('serves only the sites the project allows', async () => {
    const { status, body } = await get('tokens', { chainId: CHAIN }, 'https://evil.test')
    expect(status).toBe(403)
    expect((body.error as { message: string }).message).toBe('Invalid App Configuration')
  })
})
