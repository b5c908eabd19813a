import { Wallet } from 'ethers'
import { ALTO_BIN, bundlerArgs } from '../apps/local-chain/src/bundlerArgs.ts'
import {
  accountAbstractionAddresses,
  deployAccountAbstraction,
  PAYMASTER_SIGNER_PATH,
  testKey,
} from '../apps/local-chain/src/deployAccountAbstraction.ts'
import type { StackConfig } from './config.ts'
import { type Child, startChild, waitFor } from './processes.ts'

/** The local paymaster signer: the API signs sponsorships with it (production sets its own key). */
const paymasterKey = testKey(PAYMASTER_SIGNER_PATH)
const addresses = accountAbstractionAddresses(new Wallet(paymasterKey).address)

/**
 * What the API needs for ERC-4337: a bundler per chain, the paymaster and its signer's key, and the
 * Delegation Framework its accounts grant ERC-7715 permissions through.
 */
export function accountAbstractionEnv(config: StackConfig): NodeJS.ProcessEnv {
  return {
    BUNDLER_UPSTREAMS: config.evmNodes
      .map(({ chainId, bundlerPort }) => `eip155:${chainId}=http://${config.bindHost}:${bundlerPort}`)
      .join(','),
    PAYMASTER_ADDRESS: addresses.verifyingPaymaster,
    PAYMASTER_SIGNER_KEY: paymasterKey,
    SMART_ACCOUNT_FACTORY: addresses.accountFactory,
    DELEGATION_FRAMEWORK: JSON.stringify({
      delegationManager: addresses.delegationManager,
      enforcers: addresses.enforcers,
    }),
  }
}

/**
 * Deploys ERC-4337 v0.7 on one node (idempotent) and starts the Alto bundler against it; resolves
 * with the bundler's process once it answers.
 */
export async function startAccountAbstraction(
  config: StackConfig,
  { chainId, rpcUrl, bundlerPort }: { chainId: number; rpcUrl: string; bundlerPort: number },
): Promise<Child> {
  await deployAccountAbstraction({ rpcUrl, paymasterSigner: new Wallet(paymasterKey).address })
  const child = startChild(
    `bundler-${chainId}`,
    ALTO_BIN,
    bundlerArgs({ port: bundlerPort, rpcUrl, entryPoint: addresses.entryPoint }),
  )
  const url = `http://${config.bindHost}:${bundlerPort}`
  await waitFor(`bundler for chain ${chainId}`, async () => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_supportedEntryPoints', params: [] }),
    })
    return res.ok
  })
  return child
}
