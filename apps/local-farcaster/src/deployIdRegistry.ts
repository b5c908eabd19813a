import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import solc from 'solc'
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  encodeFunctionData,
  type Hex,
  http,
  parseAbi,
  parseEther,
} from 'viem'
import { foundry } from 'viem/chains'
import { ID_REGISTRAR, ID_REGISTRY_ADDRESS, TEST_FIDS } from './testFids.ts'

const SOURCE = resolve(import.meta.dirname, '../contracts/LocalIdRegistry.sol')
const abi = parseAbi([
  'function register(address to) returns (uint256)',
  'function idOf(address) view returns (uint256)',
  'function custodyOf(uint256) view returns (address)',
])

type SolcOutput = {
  errors?: { severity: string; formattedMessage: string }[]
  contracts?: Record<string, Record<string, { evm: { deployedBytecode: { object: string } } }>>
}

/** The registry's runtime code, compiled by solc-js once and cached under the source's hash. */
export function compileIdRegistry(
  cacheDir = resolve(import.meta.dirname, '../../../node_modules/.cache/modalkit-local-farcaster'),
): Hex {
  const content = readFileSync(SOURCE, 'utf8')
  const key = createHash('sha256').update(content).update(solc.version()).digest('hex').slice(0, 16)
  const cacheFile = join(cacheDir, `id-registry-${key}.hex`)
  try {
    return readFileSync(cacheFile, 'utf8') as Hex
  } catch {
    // Not compiled yet.
  }
  const input = {
    language: 'Solidity',
    sources: { 'LocalIdRegistry.sol': { content } },
    settings: {
      evmVersion: 'cancun',
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { '*': { '*': ['evm.deployedBytecode.object'] } },
    },
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length > 0) throw new Error(`solc: ${errors.map((e) => e.formattedMessage).join('\n')}`)
  const code = output.contracts?.['LocalIdRegistry.sol']?.LocalIdRegistry?.evm.deployedBytecode.object
  if (!code) throw new Error('solc produced no LocalIdRegistry')
  mkdirSync(dirname(cacheFile), { recursive: true })
  writeFileSync(cacheFile, `0x${code}`)
  return `0x${code}`
}

/**
 * Puts the ID registry at its OP-mainnet address on a local anvil node (`anvil_setCode`) and
 * registers the test fids to their custody addresses from the impersonated registrar. A node whose
 * registry already knows the first test fid is left alone.
 */
export async function deployIdRegistry({ rpcUrl }: { rpcUrl: string }): Promise<void> {
  const transport = http(rpcUrl)
  const pub = createPublicClient({ chain: foundry, transport })
  const test = createTestClient({ chain: foundry, mode: 'anvil', transport })
  const first = TEST_FIDS[0]!
  const code = await pub.getCode({ address: ID_REGISTRY_ADDRESS })
  if (code && code !== '0x') {
    const owner = await pub.readContract({
      address: ID_REGISTRY_ADDRESS,
      abi,
      functionName: 'custodyOf',
      args: [BigInt(first.fid)],
    })
    if (owner.toLowerCase() === first.custody.toLowerCase()) return
  }
  await test.setCode({ address: ID_REGISTRY_ADDRESS, bytecode: compileIdRegistry() })
  for (const { custody } of TEST_FIDS) await registerFid({ rpcUrl, custody })
}

/**
 * Registers a new fid to `custody` on a local node with the stand-in registry, as the registrar
 * (impersonated: the node signs), and answers the fid. Tests use it for fids of their own.
 */
export async function registerFid({ rpcUrl, custody }: { rpcUrl: string; custody: Hex }): Promise<number> {
  const transport = http(rpcUrl)
  const pub = createPublicClient({ chain: foundry, transport })
  const test = createTestClient({ chain: foundry, mode: 'anvil', transport })
  const registrar = createWalletClient({ chain: foundry, transport, account: ID_REGISTRAR })
  await test.setBalance({ address: ID_REGISTRAR, value: parseEther('1') })
  await test.impersonateAccount({ address: ID_REGISTRAR })
  try {
    const hash = await registrar.sendTransaction({ to: ID_REGISTRY_ADDRESS, data: encodeRegister(custody) })
    const receipt = await pub.waitForTransactionReceipt({ hash, pollingInterval: 100 })
    if (receipt.status !== 'success') throw new Error(`registering ${custody} failed`)
  } finally {
    await test.stopImpersonatingAccount({ address: ID_REGISTRAR })
  }
  const fid = await pub.readContract({
    address: ID_REGISTRY_ADDRESS,
    abi,
    functionName: 'idOf',
    args: [custody],
  })
  return Number(fid)
}

const encodeRegister = (to: Hex) => encodeFunctionData({ abi, functionName: 'register', args: [to] })
