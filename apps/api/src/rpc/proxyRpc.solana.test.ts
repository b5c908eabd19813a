import { type ChildProcess, spawn } from 'node:child_process'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import { SITE_ORIGIN_HEADER } from '@modalkit/protocol'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDb } from '../../test/openTestDb.ts'
import type { Db } from '../db/Db.ts'
import { migrate } from '../db/migrate.ts'
import { upsertProject } from '../projects/projects.ts'
import { createServer } from '../server/createServer.ts'

// The real local Solana node (apps/local-solana) behind the proxy, started as `npm start` does.
const ROOT = resolve(import.meta.dirname, '../../../..')
const PORT = 29899 + 2 * Math.floor(Math.random() * 500)
// The local cluster's CAIP-2 id and its first funded test account (apps/local-solana documents both).
const CLUSTER = 'solana:GRYnpvyTctLiftw4vtvrNBxCJFxVdCTn'
const ACCOUNT = 'Cy61d4idATizTuKCeccaQxFpTAjweeZmwPTpX38NZzSE'

let node: ChildProcess
let db: Db
let server: Server
let base = ''

beforeAll(async () => {
  node = spawn(resolve(ROOT, 'node_modules/.bin/tsx'), [resolve(ROOT, 'apps/local-solana/src/main.ts')], {
    env: { ...process.env, SOLANA_PORT: String(PORT) },
    stdio: 'ignore',
  })
  db = await openTestDb()
  await migrate(db)
  await upsertProject(db, { id: 'shop', name: 'Shop', allowedOrigins: ['https://shop.test'] })
  server = createServer({ db, corsOrigins: [], upstreams: new Map([[CLUSTER, `http://127.0.0.1:${PORT}`]]) })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  for (let i = 0; i < 150; i++) {
    const up = await fetch(`http://127.0.0.1:${PORT}`, { method: 'POST', body: '{}' }).then(
      () => true,
      () => false,
    )
    if (up) break
    await new Promise((r) => setTimeout(r, 100))
  }
}, 30_000)
afterAll(async () => {
  node.kill()
  await new Promise<void>((r) => server.close(() => r()))
  await db.close()
})

const call = (body: unknown) =>
  fetch(`${base}/v1/?chainId=${CLUSTER}&projectId=shop`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SITE_ORIGIN_HEADER]: 'https://shop.test' },
    body: JSON.stringify(body),
  })

describe('the chain RPC proxy for the local Solana cluster', () => {
  it('answers Solana reads from the cluster', async () => {
    const res = await call({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [ACCOUNT] })
    expect(res.status).toBe(200)
    const reply = (await res.json()) as { result: { value: number } }
    expect(reply.result.value).toBe(1000 * 1e9)
  })

  it('refuses signing methods and the faucet in their slot', async () => {
    const replies = (await (
      await call([
        { jsonrpc: '2.0', id: 'a', method: 'getGenesisHash', params: [] },
        { jsonrpc: '2.0', id: 'b', method: 'solana_signTransaction', params: [{ transaction: 'AA==' }] },
        { jsonrpc: '2.0', id: 'c', method: 'requestAirdrop', params: [ACCOUNT, 1] },
      ])
    ).json()) as { id: string; result?: unknown; error?: { code: number; message: string } }[]
    expect(replies.map((r) => r.id)).toEqual(['a', 'b', 'c'])
    expect(replies[0]?.result).toBe('GRYnpvyTctLiftw4vtvrNBxCJFxVdCTncozm53pCywZ')
    expect(replies[1]?.error).toEqual({ code: 4200, message: 'Requested RPC call is not allowed' })
    expect(replies[2]?.error).toEqual({ code: 4200, message: 'Requested RPC call is not allowed' })
  })
})
