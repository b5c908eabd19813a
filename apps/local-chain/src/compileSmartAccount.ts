import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import solc from 'solc'
import type { CompiledContract } from './compileContracts.ts'

const require = createRequire(import.meta.url)
const SOURCE = resolve(import.meta.dirname, '../contracts/LocalSmartAccount.sol')

type SolcOutput = {
  errors?: { severity: string; formattedMessage: string }[]
  contracts?: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>
}

export type CompiledSmartAccount = Record<'LocalSmartAccount' | 'LocalSmartAccountFactory', CompiledContract>

/** `solady/…` imports resolve to the package's `src/` (Solady ships sources, no build JSON). */
function findImport(path: string): { contents: string } | { error: string } {
  try {
    return { contents: readFileSync(require.resolve(path.replace(/^solady\//, 'solady/src/')), 'utf8') }
  } catch {
    return { error: `not found: ${path}` }
  }
}

/**
 * Compiles Solady's ERC-4337 account and factory (LocalSmartAccount.sol) with solc-js, cached like
 * compileContracts under a hash of the source, solc's version and Solady's: the same inputs give the
 * same bytecode, so the CREATE2 addresses stay the same from one start to the next.
 */
export function compileSmartAccount(
  cacheDir = resolve(import.meta.dirname, '../../../node_modules/.cache/modalkit-local-chain'),
): CompiledSmartAccount {
  const content = readFileSync(SOURCE, 'utf8')
  const soladyVersion = (require('solady/package.json') as { version: string }).version
  const key = createHash('sha256')
    .update(JSON.stringify({ content, solc: solc.version(), soladyVersion }))
    .digest('hex')
    .slice(0, 16)
  const cacheFile = join(cacheDir, `smart-account-${key}.json`)
  try {
    return JSON.parse(readFileSync(cacheFile, 'utf8')) as CompiledSmartAccount
  } catch {
    // Not compiled yet with these inputs.
  }
  const input = {
    language: 'Solidity',
    sources: { 'LocalSmartAccount.sol': { content } },
    settings: {
      evmVersion: 'cancun',
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport })) as SolcOutput
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length > 0) throw new Error(`solc: ${errors.map((e) => e.formattedMessage).join('\n')}`)
  const pick = (name: string): CompiledContract => {
    const contract = output.contracts?.['LocalSmartAccount.sol']?.[name]
    if (!contract) throw new Error(`solc produced no ${name}`)
    return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` }
  }
  const compiled: CompiledSmartAccount = {
    LocalSmartAccount: pick('LocalSmartAccount'),
    LocalSmartAccountFactory: pick('LocalSmartAccountFactory'),
  }
  mkdirSync(dirname(cacheFile), { recursive: true })
  writeFileSync(cacheFile, JSON.stringify(compiled))
  return compiled
}
