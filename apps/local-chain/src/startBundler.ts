import { ALTO_BIN, bundlerArgs } from './bundlerArgs.ts'
import { freePort, type JsonRpcChild, spawnJsonRpc } from './spawnJsonRpc.ts'

export type Bundler = JsonRpcChild

/** Alto against `rpcUrl` on a free port, for tests; resolves once it answers. */
export async function startBundler({
  rpcUrl,
  entryPoint,
}: {
  rpcUrl: string
  entryPoint: string
}): Promise<Bundler> {
  const port = await freePort()
  return spawnJsonRpc({
    name: 'the bundler',
    command: ALTO_BIN,
    args: bundlerArgs({ port, rpcUrl, entryPoint }),
    port,
    probe: 'eth_supportedEntryPoints',
    attempts: 300,
  })
}
