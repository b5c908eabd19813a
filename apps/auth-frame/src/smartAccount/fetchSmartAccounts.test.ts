import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { fetchSmartAccounts } from './fetchSmartAccounts.ts'

// A throwaway HTTP server stands in for the API's reply shapes (the real route is tested with the
// API in apps/api/src/aa/routeSmartAccounts.test.ts); here only the frame's parsing is under test.
let server: Server
let base = ''
const seen: string[] = []
const good = {
  networks: ['eip155:31337'],
  entryPoint: `0x${'11'.repeat(20)}`,
  factory: `0x${'22'.repeat(20)}`,
  sponsored: true,
}

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.url ?? '')
    const evil = req.url?.includes('projectId=evil')
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify(evil ? { ...good, networks: ['javascript:alert(1)'] } : good))
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((done) => server.close(() => done())))

test('asks for the project and site and answers the parsed settings', async () => {
  const reply = await fetchSmartAccounts(base, 'demo', 'https://site.test')
  expect(reply).toEqual(good)
  expect(seen.at(-1)).toBe('/v1/smart-accounts?projectId=demo&siteOrigin=https%3A%2F%2Fsite.test')
})

test('a reply that does not parse is a typed error, not a network list', async () => {
  await expect(fetchSmartAccounts(base, 'evil', 'https://site.test')).rejects.toMatchObject({ code: 5000 })
})
