import { resolve } from 'node:path'
import { freePort, spawnJsonRpc } from './spawnJsonRpc.ts'

export type Anvil = { rpcUrl: string; stop(): void }

/** A fresh anvil node on a free loopback port, for tests (test files run in parallel). */
export async function startAnvil(chainId = 31337): Promise<Anvil> {
  const port = await freePort()
  const { url, stop } = await spawnJsonRpc({
    name: 'anvil',
    command: resolve(import.meta.dirname, '../../../node_modules/.bin/anvil'),
    args: ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId), '--silent'],
    port,
    probe: 'eth_chainId',
    attempts: 100,
  })
  return { rpcUrl: url, stop }
}
