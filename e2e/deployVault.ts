import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { resolve } from 'node:path'
import { ContractFactory, JsonRpcProvider } from 'ethers'

// solc-js from npm (the compiler itself, no download): CommonJS, so loaded with require.
const solc = createRequire(import.meta.url)('solc') as { compile(input: string): string }
const SOURCE = resolve(import.meta.dirname, '../apps/demo-site/contracts/Vault.sol')

type Output = {
  errors?: { severity: string; formattedMessage: string }[]
  contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>
}

/** Compiles the demo's Vault.sol with solc (as its source says), never hand-written bytecode. */
export function compileVault(): { abi: unknown[]; bytecode: string } {
  const input = {
    language: 'Solidity',
    sources: { 'Vault.sol': { content: readFileSync(SOURCE, 'utf8') } },
    settings: { evmVersion: 'cancun', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as Output
  const failures = (output.errors ?? []).filter((e) => e.severity === 'error')
  if (failures.length) throw new Error(failures.map((e) => e.formattedMessage).join('\n'))
  const vault = output.contracts['Vault.sol']?.Vault
  if (!vault) throw new Error('solc produced no Vault')
  return { abi: vault.abi, bytecode: `0x${vault.evm.bytecode.object}` }
}

/** Deploys a fresh Vault to the node (from anvil's unlocked account 6, which no other test uses). */
export async function deployVault(nodeUrl: string): Promise<{ address: string; abi: unknown[] }> {
  const { abi, bytecode } = compileVault()
  const provider = new JsonRpcProvider(nodeUrl, undefined, { staticNetwork: true, cacheTimeout: -1 })
  const factory = new ContractFactory(abi as never, bytecode, await provider.getSigner(6))
  const contract = await factory.deploy()
  await contract.waitForDeployment()
  const address = await contract.getAddress()
  provider.destroy()
  return { address, abi }
}
