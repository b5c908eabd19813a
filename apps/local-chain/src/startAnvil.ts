import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { resolve } from 'node:path'

export type Anvil = { rpcUrl: string; stop(): void }

const freePort = () =>
  new Promise<number>((done, fail) => {
    const server = createServer()
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => done(port))
    })
  })

/** A fresh anvil node on a free loopback port, for tests (test files run in parallel). */
export async function startAnvil(chainId = 31337): Promise<Anvil> {
  const port = await freePort()
  const child = spawn(resolve(import.meta.dirname, '../../../node_modules/.bin/anvil'), [
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    '--chain-id',
    String(chainId),
    '--silent',
  ])
  const rpcUrl = `http://127.0.0.1:${port}`
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      const res = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      })
      if (res.ok) return { rpcUrl, stop: () => child.kill() }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  child.kill()
  throw new Error(`anvil did not start on port ${port}`)
}
