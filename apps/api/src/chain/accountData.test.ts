import { readFileSync } from 'node:fs'
import { createServer as createHttpServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import { deployChainWorld, testAccount } from '@modalkit/local-chain'
import { compileContracts } from '@modalkit/local-chain/compileContracts'
import { type Anvil, startAnvil } from '@modalkit/local-chain/startAnvil'
import { historyReplySchema, SITE_ORIGIN_HEADER } from '@modalkit/protocol'
import { LOCAL_CHAIN_WORLD } from '@modalkit/shared'
import { Contract, ContractFactory, type InterfaceAbi, JsonRpcProvider, parseUnits } from 'ethers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDb } from '../../test/openTestDb.ts'
import type { Db } from '../db/Db.ts'
import { migrate } from '../db/migrate.ts'
import { upsertProject } from '../projects/projects.ts'
import { createServer } from '../server/createServer.ts'
import { indexEvmRange } from './indexEvmRange.ts'
import { HISTORY_PAGE_SIZE } from './readAccountHistory.ts'
import { type Indexer, startIndexer } from './startIndexer.ts'

// A real anvil with the local chain world, the API over PGlite and its indexer, and a small static
// server standing in for the demo site that serves the NFT metadata (apps/demo-site/public/nft).
const CHAIN = 'eip155:31337'
const SITE = 'https://shop.test'
let anvil: Anvil
let db: Db
let api: Server
let metadata: Server
let indexer: Indexer
let base = ''
let provider: JsonRpcProvider
let clock = 1_000_000
const holder = testAccount(0).address
const newcomer = testAccount(7).address

beforeAll(async () => {
  anvil = await startAnvil()
  const nftDir = resolve(import.meta.dirname, '../../../demo-site/public/nft')
  metadata = createHttpServer((req, res) => {
    const path = (req.url ?? '').replace(/^\/nft\//, '')
    if (!/^[a-z]+\/[0-9]+\.(json|svg)$/.test(path)) return void res.writeHead(404).end()
    res.setHeader('content-type', path.endsWith('.svg') ? 'image/svg+xml' : 'application/json')
    res.end(readFileSync(resolve(nftDir, path)))
  })
  await new Promise<void>((r) => metadata.listen(0, '127.0.0.1', () => r()))
  const metadataOrigin = `http://127.0.0.1:${(metadata.address() as AddressInfo).port}`
  // The one origin the API may fetch over http on loopback, as the test stack allows its demo site.
  process.env.MODALKIT_TEST_STACK = 'true'
  process.env.NFT_FETCH_LOCAL_ORIGINS = metadataOrigin
  await deployChainWorld({ rpcUrl: anvil.rpcUrl, metadataOrigin })
  provider = new JsonRpcProvider(anvil.rpcUrl, undefined, {
    staticNetwork: true,
    cacheTimeout: -1,
    pollingInterval: 50,
  })
  db = await openTestDb()
  await migrate(db)
  await upsertProject(db, { id: 'shop', name: 'Shop', allowedOrigins: [SITE] })
  const upstreams = new Map([[CHAIN, anvil.rpcUrl]])
  indexer = startIndexer(db, upstreams, 50)
  api = createServer({ db, corsOrigins: [], upstreams, now: () => clock })
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', () => r()))
  base = `http://127.0.0.1:${(api.address() as AddressInfo).port}`
  await indexer.caughtUp()
}, 60_000)
afterAll(async () => {
  await indexer.stop()
  provider.destroy()
  await new Promise<void>((r) => api.close(() => r()))
  await new Promise<void>((r) => metadata.close(() => r()))
  await db.close()
  anvil.stop()
})

const get = async (path: string, site = SITE) => {
  const res = await fetch(`${base}${path}`, { headers: { [SITE_ORIGIN_HEADER]: site } })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}
type Balance = { symbol: string; quantity: { numeric: string }; value: number; address?: string }
const balances = async (address: string, extra = '') => {
  const { status, body } = await get(`/v1/account/${address}/balance?projectId=shop&chainId=${CHAIN}${extra}`)
  expect(status).toBe(200)
  return (body.balances as Balance[]).map((b) => [b.symbol, b.quantity.numeric, b.value])
}
const history = async (address: string, cursor?: string) => {
  const { status, body } = await get(
    `/v1/account/${address}/history?projectId=shop&chainId=${CHAIN}${cursor ? `&cursor=${cursor}` : ''}`,
  )
  expect(status).toBe(200)
  return historyReplySchema.parse(body)
}

describe('balance', () => {
  it('lists the native currency and the tokens read from the node, valued from the price table', async () => {
    expect((await balances(holder)).slice(1)).toEqual([
      ['LUSD', '1000', 1000],
      ['MDL', '100', 250],
    ])
    const [native] = await balances(holder, '&currency=eur&forceUpdate=true')
    expect(native?.[0]).toBe('ETH')
    expect(Number(native?.[2])).toBeCloseTo(Number(native?.[1]) * 3000 * 0.92, 6)
  })

  it('finds a token deployed after start from its Transfer logs; the cache holds 30 s unless forced', async () => {
    expect(await balances(newcomer)).toHaveLength(1)
    const { LocalToken } = compileContracts()
    const sender = testAccount(7).connect(provider)
    const factory = new ContractFactory(LocalToken.abi as InterfaceAbi, LocalToken.bytecode, sender)
    const fresh = await factory.deploy('Fresh Coin', 'FRSH', 8, [newcomer], [parseUnits('12.5', 8)])
    await fresh.waitForDeployment()
    await indexer.caughtUp()
    // Within 30 s the cached reply stands; forceUpdate reads the chain again.
    expect(await balances(newcomer)).toHaveLength(1)
    expect((await balances(newcomer, '&forceUpdate=true')).slice(1)).toEqual([['FRSH', '12.5', 0]])
    clock += 30_000
    expect(await balances(newcomer)).toHaveLength(2)
  })
})

describe('history', () => {
  it('shows sends and receives with signed amounts, pages by cursor, newest first', async () => {
    const usd = new Contract(
      LOCAL_CHAIN_WORLD.usd,
      ['function transfer(address, uint256) returns (bool)'],
      testAccount(0).connect(provider),
    )
    const other = testAccount(8).address
    for (let i = 1; i <= HISTORY_PAGE_SIZE; i++) {
      await (await usd.getFunction('transfer')(other, parseUnits(String(i), 6))).wait()
    }
    await indexer.caughtUp()
    const first = await history(holder)
    expect(first.data).toHaveLength(HISTORY_PAGE_SIZE)
    const newest = first.data[0]
    expect(newest?.metadata.operationType).toBe('send')
    expect(newest?.transfers).toEqual([
      {
        direction: 'out',
        quantity: { numeric: String(HISTORY_PAGE_SIZE) },
        fungible_info: { name: 'Local USD', symbol: 'LUSD' },
      },
    ])
    expect(first.next).toMatch(/^[0-9]+-[0-9]+$/)
    const second = await history(holder, first.next ?? undefined)
    const hashes = [...first.data, ...second.data].map((tx) => tx.metadata.hash)
    expect(new Set(hashes).size).toBe(hashes.length)
    // The deployment minted LUSD, MDL and two kittens to the holder: they come last, as mints.
    const mints = second.data.filter((tx) => tx.metadata.operationType === 'mint')
    expect(
      mints.flatMap((tx) => tx.transfers.map((t) => t.fungible_info?.symbol ?? t.nft_info?.name)),
    ).toEqual(expect.arrayContaining(['LUSD', 'MDL', 'Ginger Kitten #1', 'Teal Kitten #2']))
    const received = await history(other)
    expect(received.data[0]?.metadata.operationType).toBe('receive')
    expect(received.data[0]?.transfers[0]?.direction).toBe('in')
  })

  it("takes SPEC §7's `cache` parameter (a Fetch cache mode): the same page as without it; an unknown mode is refused", async () => {
    const plain = await history(holder)
    for (const mode of ['no-cache', 'default', 'reload', 'no-store', 'force-cache']) {
      const { status, body } = await get(
        `/v1/account/${holder}/history?projectId=shop&chainId=${CHAIN}&cache=${mode}`,
      )
      expect({ mode, status }).toEqual({ mode, status: 200 })
      expect(historyReplySchema.parse(body)).toEqual(plain)
    }
    const next = plain.next ?? ''
    const { status, body } = await get(
      `/v1/account/${holder}/history?projectId=shop&chainId=${CHAIN}&cursor=${next}&cache=no-cache`,
    )
    expect(status).toBe(200)
    expect(historyReplySchema.parse(body)).toEqual(await history(holder, next))
    const refused = await get(`/v1/account/${holder}/history?projectId=shop&chainId=${CHAIN}&cache=forever`)
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ error: { code: 'validation_error', field: 'query.cache' } })
  })

  it('leaves out transactions that only moved spam NFTs', async () => {
    const { data } = await history(holder)
    const all = [...data, ...(await history(holder, (await history(holder)).next ?? undefined)).data]
    expect(all.some((tx) => tx.transfers.some((t) => t.nft_info?.flags.is_spam))).toBe(false)
    expect(all.some((tx) => tx.transfers.some((t) => t.nft_info?.name === 'Ginger Kitten #1'))).toBe(true)
  })
})

describe('nfts', () => {
  it('lists the account NFTs with their metadata, flags spam, and serves the images', async () => {
    const { body } = await get(`/v1/account/${holder}/nfts?projectId=shop&chainId=${CHAIN}`)
    const nfts = body.nfts as { name: string; isSpam: boolean; imageUrl?: string }[]
    expect(nfts.map((n) => [n.name, n.isSpam])).toEqual([
      ['Ginger Kitten #1', false],
      ['Teal Kitten #2', false],
      ['Claim your airdrop #1', true],
    ])
    const image = await fetch(`${base}${nfts[0]?.imageUrl}`)
    expect(image.headers.get('content-type')).toBe('image/svg+xml')
    expect(await image.text()).toContain('<svg')
  })
})

describe('nft ownership', () => {
  it('follows a transfer, and indexing older blocks again (another replica) never moves it back', async () => {
    const buyer = testAccount(6).address
    const kittens = new Contract(
      LOCAL_CHAIN_WORLD.collection,
      ['function transferFrom(address, address, uint256)'],
      testAccount(0).connect(provider),
    )
    await (await kittens.getFunction('transferFrom')(holder, buyer, 2n)).wait()
    await indexer.caughtUp()
    const names = async (address: string) => {
      const { body } = await get(`/v1/account/${address}/nfts?projectId=shop&chainId=${CHAIN}`)
      return (body.nfts as { name: string }[]).map((n) => n.name)
    }
    expect(await names(buyer)).toEqual(['Teal Kitten #2'])
    expect(await names(holder)).not.toContain('Teal Kitten #2')
    // The deployment's blocks again, with the mint to the holder: the later transfer stands.
    await indexEvmRange({ query: db.query, chain: CHAIN, url: anvil.rpcUrl, from: 0, to: 12 })
    expect(await names(buyer)).toEqual(['Teal Kitten #2'])
  })
})

describe('refusals', () => {
  it('serves only the project allowlist, a supported chain and a valid address', async () => {
    const refused = await get(
      `/v1/account/${holder}/balance?projectId=shop&chainId=${CHAIN}`,
      'https://evil.test',
    )
    expect(refused).toEqual({
      status: 403,
      body: {
        error: {
          code: 'invalid_app_configuration',
          message: 'Invalid App Configuration',
          field: `header.${SITE_ORIGIN_HEADER}`,
        },
      },
    })
    expect((await get(`/v1/account/${holder}/balance?projectId=shop&chainId=eip155:1`)).body).toEqual({
      error: { code: 'unsupported_chain', message: 'Chain is not supported', field: 'query.chainId' },
    })
    expect((await get(`/v1/account/0x12/history?projectId=shop&chainId=${CHAIN}`)).status).toBe(400)
  })

  it('names the networks it serves (SPEC §7 supported chains)', async () => {
    expect(await get('/v1/supported-chains?projectId=shop')).toEqual({
      status: 200,
      body: { http: [CHAIN], ws: [] },
    })
    expect((await get('/v1/supported-chains?projectId=shop', 'https://evil.test')).status).toBe(403)
  })

  it('prices known fungibles only', async () => {
    const res = await fetch(`${base}/v1/fungible/price`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SITE_ORIGIN_HEADER]: SITE },
      body: JSON.stringify({
        projectId: 'shop',
        currency: 'usd',
        addresses: [`${CHAIN}:native`, `${CHAIN}:${LOCAL_CHAIN_WORLD.token}`, `${CHAIN}:0x${'1'.repeat(40)}`],
      }),
    })
    expect(await res.json()).toEqual({
      fungibles: [
        { name: 'Ether', symbol: 'ETH', price: 3000 },
        { name: 'Modal Token', symbol: 'MDL', price: 2.5 },
      ],
    })
  })
})
