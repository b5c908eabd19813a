import { delegationFrameworkSchema } from '@modalkit/protocol'
import { type Address, type Hex, isAddress } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { parseUpstreams } from '../rpc/parseUpstreams.ts'
import type { SmartAccountDeps } from './routeSmartAccounts.ts'

/**
 * ERC-4337 from the environment: BUNDLER_UPSTREAMS (`eip155:1=http://…`, comma-separated),
 * SMART_ACCOUNT_FACTORY, and optionally PAYMASTER_ADDRESS + PAYMASTER_SIGNER_KEY (a project can then
 * sponsor gas), and optionally DELEGATION_FRAMEWORK (JSON: the DelegationManager and the caveat
 * enforcers; the accounts then grant ERC-7715 permissions). Without bundlers or a factory, smart
 * accounts are off.
 */
export function readSmartAccountDeps(
  env: NodeJS.ProcessEnv,
): Omit<SmartAccountDeps, 'db' | 'now'> | undefined {
  const bundlers = parseUpstreams(env.BUNDLER_UPSTREAMS)
  const factory = env.SMART_ACCOUNT_FACTORY
  if (bundlers.size === 0 || !factory) return undefined
  if (!isAddress(factory)) throw new Error('SMART_ACCOUNT_FACTORY is not an address')
  const { PAYMASTER_ADDRESS: paymaster, PAYMASTER_SIGNER_KEY: key } = env
  if (Boolean(paymaster) !== Boolean(key)) {
    throw new Error('PAYMASTER_ADDRESS and PAYMASTER_SIGNER_KEY go together')
  }
  if (paymaster && !isAddress(paymaster)) throw new Error('PAYMASTER_ADDRESS is not an address')
  if (key && !/^0x[0-9a-fA-F]{64}$/.test(key)) throw new Error('PAYMASTER_SIGNER_KEY is not a private key')
  let permissions: Omit<SmartAccountDeps, 'db' | 'now'>['permissions']
  if (env.DELEGATION_FRAMEWORK) {
    let json: unknown
    try {
      json = JSON.parse(env.DELEGATION_FRAMEWORK)
    } catch {
      throw new Error('DELEGATION_FRAMEWORK is not JSON')
    }
    const parsed = delegationFrameworkSchema.safeParse(json)
    if (!parsed.success)
      throw new Error(
        `DELEGATION_FRAMEWORK: ${parsed.error.issues.map((issue) => issue.path.join('.')).join(', ')}`,
      )
    permissions = parsed.data
  }
  return {
    bundlers,
    ...(permissions ? { permissions } : {}),
    factory: factory as Address,
    paymaster:
      paymaster && key
        ? { address: paymaster as Address, signer: privateKeyToAccount(key as Hex) }
        : undefined,
  }
}
