import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { ALTO_BIN, bundlerArgs } from './bundlerArgs.ts'

export type Bundler = { url: string; stop(): void }

const freePort = () =>
  new Promise<number>((done, fail) => {
    const server = createServer()
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => done(port))
    })
  })

/** Alto against `rpcUrl` on a free port, for tests; resolves once it answers. */
export async function startBundler({
  rpcUrl,
  entryPoint,
}: {
  rpcUrl: string
  entryPoint: string
}): Promise<Bundler> {
  const port = await freePort()
  const child = spawn(ALTO_BIN, bundlerArgs({ port, rpcUrl, entryPoint }), { stdio: 'ignore' })
  const url = `http://127.0.0.1:${port}`
  for (let attempt = 0; attempt < 300; attempt++) {
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_supportedEntryPoints', params: [] }),
      })
      if (res.ok) return { url, stop: () => child.kill() }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  child.kill()
  throw new Error(`the bundler did not start on port ${port}`)
}
