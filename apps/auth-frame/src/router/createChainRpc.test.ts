import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createChainRpc } from './createChainRpc.ts'

// Two JSON-RPC endpoints on two origins: the API's chain proxy, and any other.
const seen: { origin: string; headers: IncomingHttpHeaders }[] = []
const servers: Server[] = []
const origins: string[] = []

beforeAll(async () => {
  for (let i = 0; i < 2; i++) {
    const server = createServer((req, res) => {
      seen.push({ origin: origins[i]!, headers: req.headers })
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: '0x7a69' }))
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
    servers.push(server)
    origins.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)
  }
})
afterAll(() => {
  for (const server of servers) server.close()
})

it("sends the user's session to the API's chain proxy only, never to another origin", async () => {
  const [api, other] = origins as [string, string]
  let token: string | undefined
  const rpc = createChainRpc(
    (chain) => (chain === 'eip155:1' ? `${api}/v1/?chainId=eip155:1` : `${other}/rpc`),
    {
      apiOrigin: api,
      authorization: () => token,
    },
  )
  await rpc('eip155:1', 'eth_chainId', [])
  token = 'Bearer session-token-0123456789'
  expect(await rpc('eip155:1', 'eth_chainId', [])).toBe('0x7a69')
  await rpc('eip155:2', 'eth_chainId', [])
  expect(seen.map(({ origin, headers }) => [origin, headers.authorization])).toEqual([
    [api, undefined],
    [api, 'Bearer session-token-0123456789'],
    [other, undefined],
  ])
})
