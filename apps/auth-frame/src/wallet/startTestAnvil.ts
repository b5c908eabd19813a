import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { resolve } from 'node:path'
import type { WalletRpc } from './WalletRequest.ts'

const ANVIL = resolve(import.meta.dirname, '../../../../node_modules/.bin/anvil')

const freePort = () =>
  new Promise<number>((done, fail) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? done(address.port) : fail(new Error('no port')),
      )
    })
  })

/**
 * For tests only: a real chain, anvil from node_modules on a free port (chain 31337, the test
 * phrase's funded accounts), its URL, and a WalletRpc straight to it (in the frame it goes through the API's
 * proxy). `stop()` ends the process.
 */
export async function startTestAnvil(): Promise<{ url: string; rpc: WalletRpc; stop(): void }> {
  const port = await freePort()
  const anvil: ChildProcess = spawn(ANVIL, [
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    '--chain-id',
    '31337',
    '--silent',
  ])
  const rpc: WalletRpc = async (chainId, method, params) => {
    if (chainId !== 'eip155:31337') throw new Error(`no node for ${chainId}`)
    const res = await fetch(`http://127.0.0.1:${port}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      signal: AbortSignal.timeout(5_000),
    })
    const reply = (await res.json()) as { result?: unknown; error?: { message: string } }
    if (reply.error) throw new Error(reply.error.message)
    return reply.result
  }
  const deadline = Date.now() + 15_000
  for (;;) {
    if ((await rpc('eip155:31337', 'eth_chainId', []).catch(() => undefined)) === '0x7a69') break
    if (Date.now() > deadline) {
      anvil.kill()
      throw new Error('anvil did not start within 15 s')
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  return { url: `http://127.0.0.1:${port}`, rpc, stop: () => void anvil.kill() }
}
