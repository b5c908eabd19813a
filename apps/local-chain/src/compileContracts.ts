import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import solc from 'solc'

const require = createRequire(import.meta.url)
const CONTRACTS_DIR = resolve(import.meta.dirname, '../contracts')
/** Our own contracts: OpenZeppelin 5 ships abstract build JSON only, so the concrete ones compile here. */
export const SOURCES = ['LocalToken.sol', 'LocalCollection.sol'] as const

export type CompiledContract = { abi: unknown[]; bytecode: string }
export type CompiledContracts = Record<'LocalToken' | 'LocalCollection', CompiledContract>

type SolcOutput = {
  errors?: { severity: string; formattedMessage: string }[]
  contracts?: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>
}

function findImport(path: string): { contents: string } | { error: string } {
  try {
    return { contents: readFileSync(require.resolve(path), 'utf8') }
  } catch {
    return { error: `not found: ${path}` }
  }
}

/**
 * Compiles the local chain world's own contracts with solc-js (cancun, optimizer on), importing
 * OpenZeppelin from node_modules. Compiling takes seconds and runs on every start of the stack, so the
 * output is kept in `cacheDir` under a hash of the sources, the solc version and OpenZeppelin's.
 */
export function compileContracts(
  cacheDir = resolve(import.meta.dirname, '../../../node_modules/.cache/modalkit-local-chain'),
): CompiledContracts {
  const sources = Object.fromEntries(
    SOURCES.map((file) => [file, { content: readFileSync(join(CONTRACTS_DIR, file), 'utf8') }]),
  )
  const ozVersion = (require('@openzeppelin/contracts/package.json') as { version: string }).version
  const key = createHash('sha256')
    .update(JSON.stringify({ sources, solc: solc.version(), ozVersion }))
    .digest('hex')
    .slice(0, 16)
  const cacheFile = join(cacheDir, `contracts-${key}.json`)
  try {
    return JSON.parse(readFileSync(cacheFile, 'utf8')) as CompiledContracts
  } catch {
    // Not compiled yet with these inputs.
  }
  const input = {
    language: 'Solidity',
    sources,
    settings: {
      evmVersion: 'cancun',
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport })) as SolcOutput
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length > 0) throw new Error(`solc: ${errors.map((e) => e.formattedMessage).join('\n')}`)
  const pick = (file: string, name: string): CompiledContract => {
    const contract = output.contracts?.[file]?.[name]
    if (!contract) throw new Error(`solc produced no ${name}`)
    return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` }
  }
  const compiled: CompiledContracts = {
    LocalToken: pick('LocalToken.sol', 'LocalToken'),
    LocalCollection: pick('LocalCollection.sol', 'LocalCollection'),
  }
  mkdirSync(dirname(cacheFile), { recursive: true })
  writeFileSync(cacheFile, JSON.stringify(compiled))
  return compiled
}
