import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'

/** Rejects with a clear message when a port is taken, before anything starts. */
export function assertPortFree(host: string, port: number, what: string): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const server = createServer()
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `port ${port} (${what}) is already in use: stop what is listening there (e.g. \`lsof -i :${port}\`) and try again`
            : `cannot listen on ${host}:${port} (${what}): ${error.message}`,
        ),
      )
    })
    server.listen(port, host, () => server.close(() => resolvePromise()))
  })
}

export type Child = { name: string; process: ChildProcess }

/** Starts a child whose output is prefixed with its name. */
export function startChild(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Child {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  const prefix = (chunk: Buffer) =>
    chunk
      .toString()
      .split('\n')
      .filter((line) => line.trim().length > 0)
      .map((line) => `[${name}] ${line}\n`)
      .join('')
  child.stdout?.on('data', (chunk: Buffer) => process.stdout.write(prefix(chunk)))
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(prefix(chunk)))
  return { name, process: child }
}

/** Polls until `check` resolves true, or fails after `timeoutMs`. */
export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs = 90_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`${what} did not become ready within ${timeoutMs / 1000} s`)
}

export async function rpcReady(url: string): Promise<boolean> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
  })
  return res.ok
}
