import { createServer as createHttpServer, type Server } from 'node:http'
import { type AddressInfo, createServer as createTcpServer, type Server as TcpServer } from 'node:net'
import { testAccount } from '@modalkit/local-chain'
import { compileContracts } from '@modalkit/local-chain/compileContracts'
import { type Anvil, startAnvil } from '@modalkit/local-chain/startAnvil'
import { SITE_ORIGIN_HEADER } from '@modalkit/protocol'
import { ContractFactory, type InterfaceAbi, JsonRpcProvider } from 'ethers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDb } from '../../test/openTestDb.ts'
import type { Db } from '../db/Db.ts'
import { migrate } from '../db/migrate.ts'
import { upsertProject } from '../projects/projects.ts'
import { createServer } from '../server/createServer.ts'
import { type Indexer, startIndexer } from './startIndexer.ts'

// Attacks through NFTs on a real anvil, the API over PGlite and its indexer: contracts whose tokenURI
// or image points inside the network (a loopback listener stands for an internal service), and an
// image that streams 500 MB. The "site" server stands for a public metadata host: the only origin the
// test stack lets the API fetch over http on loopback (NFT_FETCH_LOCAL_ORIGINS).
const CHAIN = 'eip155:31337'
const SITE = 'https://shop.test'
const BOMB_BYTES = 500 * 1024 * 1024
let anvil: Anvil
let db: Db
let api: Server
let site: Server
let trap: TcpServer
let indexer: Indexer
let base = ''
let siteOrigin = ''
let trapPort = 0
/** Connections the internal listener received. */
let trapConnections = 0
/** Bytes the bomb image sent, per request; and how often the honest image was fetched. */
const bombSent: number[] = []
let honestFetches = 0
const contracts: Record<string, string> = {}
const holder = testAccount(0).address

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>'

beforeAll(async () => {
  trap = createTcpServer((socket) => {
    trapConnections++
    socket.destroy()
  })
  await new Promise<void>((r) => trap.listen(0, '127.0.0.1', () => r()))
  trapPort = (trap.address() as AddressInfo).port
  site = createHttpServer((req, res) => {
    const path = req.url ?? ''
    const id = /\/([0-9]+)\.json$/.exec(path)?.[1]
    const json = (image: string) => {
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ name: `Token ${id}`, image }))
    }
    if (path.startsWith('/trapimage/')) return json(`https://127.0.0.1:${trapPort}/x.png`)
    if (path.startsWith('/trapname/')) return json(`https://localhost:${trapPort}/x.png`)
    if (path.startsWith('/redirect/')) return json(`${siteOrigin}/moved.png`)
    if (path === '/moved.png')
      return void res.writeHead(302, { location: `http://127.0.0.1:${trapPort}/x.png` }).end()
    if (path.startsWith('/bomb/')) return json(`${siteOrigin}/bomb.png?id=${id}`)
    if (path.startsWith('/honest/')) return json(`${siteOrigin}/honest.svg`)
    if (path === '/honest.svg') {
      honestFetches++
      res.setHeader('content-type', 'image/svg+xml')
      return res.end(SVG)
    }
    if (path.startsWith('/bomb.png')) {
      // 500 MB as image/png, no length announced: only a reader that counts can stop it.
      const slot = bombSent.push(0) - 1
      const chunk = Buffer.alloc(64 * 1024)
      res.writeHead(200, { 'content-type': 'image/png' })
      const pump = () => {
        while (bombSent[slot]! < BOMB_BYTES && !res.destroyed) {
          bombSent[slot]! += chunk.length
          if (!res.write(chunk)) return void res.once('drain', pump)
        }
        res.end()
      }
      return pump()
    }
    res.writeHead(404).end()
  })
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', () => r()))
  siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`
  process.env.MODALKIT_TEST_STACK = 'true'
  process.env.NFT_FETCH_LOCAL_ORIGINS = siteOrigin

  anvil = await startAnvil()
  const provider = new JsonRpcProvider(anvil.rpcUrl, undefined, { staticNetwork: true, cacheTimeout: -1 })
  const { LocalCollection } = compileContracts()
  const deployer = testAccount(0).connect(provider)
  const deploy = async (name: string, baseUri: string, count: number) => {
    const factory = new ContractFactory(
      LocalCollection.abi as InterfaceAbi,
      LocalCollection.bytecode,
      deployer,
    )
    const contract = await factory.deploy(
      name,
      'X',
      baseUri,
      Array.from({ length: count }, () => holder),
    )
    await contract.waitForDeployment()
    contracts[name] = (await contract.getAddress()).toLowerCase()
  }
  // tokenURIs inside the network: by name over https, by IP over http.
  await deploy('Trap By Name', `https://localhost:${trapPort}/`, 1)
  await deploy('Trap By Ip', `http://127.0.0.1:${trapPort}/`, 1)
  // Public metadata whose image points inside the network.
  await deploy('Trap Image', `${siteOrigin}/trapimage/`, 1)
  await deploy('Trap Image Name', `${siteOrigin}/trapname/`, 1)
  await deploy('Trap Redirect', `${siteOrigin}/redirect/`, 1)
  await deploy('Bomb', `${siteOrigin}/bomb/`, 20)
  await deploy('Honest', `${siteOrigin}/honest/`, 1)
  provider.destroy()

  db = await openTestDb()
  await migrate(db)
  await upsertProject(db, { id: 'shop', name: 'Shop', allowedOrigins: [SITE] })
  const upstreams = new Map([[CHAIN, anvil.rpcUrl]])
  indexer = startIndexer(db, upstreams, 50)
  api = createServer({ db, corsOrigins: [], upstreams })
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', () => r()))
  base = `http://127.0.0.1:${(api.address() as AddressInfo).port}`
  await indexer.caughtUp()
}, 120_000)
afterAll(async () => {
  await indexer.stop()
  await new Promise<void>((r) => api.close(() => r()))
  site.closeAllConnections()
  await new Promise<void>((r) => site.close(() => r()))
  await new Promise<void>((r) => trap.close(() => r()))
  await db.close()
  anvil.stop()
})

type Nft = { name: string; contract: string; imageUrl?: string }
const nfts = async (): Promise<Nft[]> => {
  const res = await fetch(`${base}/v1/account/${holder}/nfts?projectId=shop&chainId=${CHAIN}`, {
    headers: { [SITE_ORIGIN_HEADER]: SITE },
  })
  return ((await res.json()) as { nfts: Nft[] }).nfts
}
const imagePath = (name: string, id = 1) =>
  `/v1/nfts/${encodeURIComponent(CHAIN)}/${contracts[name]}/${id}/image?projectId=shop`

describe('NFT fetches', () => {
  it('the indexer never connects to a tokenURI inside the network', async () => {
    const listed = await nfts()
    for (const name of ['Trap By Name', 'Trap By Ip']) {
      expect(listed.find((n) => n.contract === contracts[name])).toMatchObject({ name: `${name} #1` })
    }
    expect(trapConnections).toBe(0)
  })

  it('the image route never connects to an image URL inside the network, nor follows a redirect there', async () => {
    for (const name of ['Trap Image', 'Trap Image Name', 'Trap Redirect']) {
      const res = await fetch(`${base}${imagePath(name)}`)
      expect(res.status).toBe(502)
    }
    expect(trapConnections).toBe(0)
  })

  it('an image streaming 500 MB is cut at the cap; 20 at once leave memory flat', async () => {
    const before = process.memoryUsage().rss
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => fetch(`${base}${imagePath('Bomb', i + 1)}`)),
    )
    const after = process.memoryUsage().rss
    expect(replies.map((r) => r.status)).toEqual(Array(20).fill(502))
    expect(bombSent).toHaveLength(20)
    // The cap is 2 MB; socket buffers let a little more through before the connection is cut.
    for (const sent of bombSent) expect(sent).toBeLessThan(8 * 1024 * 1024)
    expect(after - before).toBeLessThan(200 * 1024 * 1024)
  })

  it('serves an honest image from its cache, to a known project only', async () => {
    const honest = (await nfts()).find((n) => n.contract === contracts.Honest)
    expect(honest?.imageUrl).toBe(imagePath('Honest'))
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${base}${honest?.imageUrl}`)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/svg+xml')
      expect(await res.text()).toBe(SVG)
    }
    expect(honestFetches).toBe(1)
    const unknown = await fetch(`${base}${imagePath('Honest').replace('shop', 'nobody')}`)
    expect(unknown.status).toBe(404)
  })
})
