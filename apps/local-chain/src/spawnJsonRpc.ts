import { spawn } from 'node:child_process'
import { createServer } from 'node:net'

export type JsonRpcChild = { url: string; stop(): void }

/** A free loopback port, for a test's own node or bundler (test files run in parallel). */
export const freePort = () =>
  new Promise<number>((done, fail) => {
    const server = createServer()
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => done(port))
    })
  })

/**
 * Starts a JSON-RPC server process on `port` and resolves once `probe` answers over HTTP, polling
 * every 100 ms up to `attempts` times; the process is killed if it never does.
 */
export async function spawnJsonRpc({
  name,
  command,
  args,
  port,
  probe,
  attempts,
}: {
  name: string
  command: string
  args: string[]
  port: number
  probe: string
  attempts: number
}): Promise<JsonRpcChild> {
  const child = spawn(command, args, { stdio: 'ignore' })
  const url = `http://127.0.0.1:${port}`
  for (let attempt = 0; attempt < attempts; attempt++) {
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: probe, params: [] }),
      })
      if (res.ok) return { url, stop: () => child.kill() }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  child.kill()
  throw new Error(`${name} did not start on port ${port}`)
}
