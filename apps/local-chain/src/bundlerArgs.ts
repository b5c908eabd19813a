import { resolve } from 'node:path'
import { BUNDLER_EXECUTOR_PATH, BUNDLER_UTILITY_PATH, testKey } from './deployAccountAbstraction.ts'

export const ALTO_BIN = resolve(import.meta.dirname, '../../../node_modules/.bin/alto')

export type BundlerArgsParameters = { port: number; rpcUrl: string; entryPoint: string }

/**
 * The command line of the Pimlico Alto bundler against one local node (it listens on all interfaces:
 * Alto has no bind option). `--safe-mode false`: anvil has no tracer for the ERC-7562 rules, and the
 * local paymaster is not staked. Alto rejects batched JSON-RPC: send one request per HTTP call.
 */
export function bundlerArgs({ port, rpcUrl, entryPoint }: BundlerArgsParameters): string[] {
  return [
    '--entrypoints',
    entryPoint,
    '--executor-private-keys',
    testKey(BUNDLER_EXECUTOR_PATH),
    '--utility-private-key',
    testKey(BUNDLER_UTILITY_PATH),
    '--utility-wallet-monitor',
    'false',
    '--rpc-url',
    rpcUrl,
    '--port',
    String(port),
    '--safe-mode',
    'false',
    '--log-level',
    'warn',
  ]
}
