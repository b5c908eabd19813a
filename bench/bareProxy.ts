import { Agent, createServer, request } from 'node:http'

/**
 * The floor any proxy in front of the node stands on: a Node HTTP server that passes each POST body
 * to the node over pooled keep-alive connections and answers its reply, with no checks, no routing
 * and no retries. `npm run bench` runs it in its own process (as the API runs) beside the API's proxy,
 * so the table shows how much of the node's throughput a second loopback hop leaves on this machine.
 * Usage: `tsx bench/bareProxy.ts <node url>`; listens on a free loopback port and prints `ready <port>`.
 */
const [nodeUrl] = process.argv.slice(2)
if (!nodeUrl) throw new Error('usage: bareProxy.ts <node url>')
const upstream = new URL(nodeUrl)
if (!['127.0.0.1', 'localhost', '[::1]'].includes(upstream.hostname))
  throw new Error(`not loopback: ${nodeUrl}`)
const agent = new Agent({ keepAlive: true, maxSockets: 256 })

const server = createServer((req, res) => {
  const chunks: Buffer[] = []
  req.on('data', (chunk: Buffer) => chunks.push(chunk))
  req.on('end', () => {
    const body = Buffer.concat(chunks)
    const forward = request(
      upstream,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': body.length },
      },
      (reply) => {
        const parts: Buffer[] = []
        reply.on('data', (chunk: Buffer) => parts.push(chunk))
        reply.on('end', () => {
          const answer = Buffer.concat(parts)
          res.writeHead(reply.statusCode ?? 502, {
            'content-type': 'application/json',
            'content-length': answer.length,
          })
          res.end(answer)
        })
      },
    )
    forward.on('error', () => res.writeHead(502).end())
    forward.end(body)
  })
})
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  if (address && typeof address === 'object') console.log(`ready ${address.port}`)
})
