import { type Address, concat, decodeFunctionResult, encodeFunctionData, type Hex, pad, parseAbi } from 'viem'

const factoryAbi = parseAbi(['function getAddress(bytes32 salt) view returns (address)'])
/** Addresses already read, per node, factory and owner (a counterfactual address never changes). */
const known = new Map<string, Address>()
const MAX_KNOWN = 10_000

/** The owner's address leads the salt (the frame's `ownerSalt`): Solady's factory lets only it deploy there. */
export const ownerSalt = (owner: Address): Hex => concat([owner, pad('0x', { size: 12 })])

/**
 * The embedded wallet's smart account for `owner`: Solady's ERC4337Factory's counterfactual address
 * for the owner's salt, read from the chain's node (the same address the frame's account uses).
 */
export async function readOwnerAccount(rpcUrl: string, factory: Address, owner: Address): Promise<Address> {
  const key = `${rpcUrl} ${factory} ${owner}`.toLowerCase()
  const cached = known.get(key)
  if (cached) return cached
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_call',
      params: [
        { to: factory, data: encodeFunctionData({ abi: factoryAbi, args: [ownerSalt(owner)] }) },
        'latest',
      ],
    }),
    signal: AbortSignal.timeout(10_000),
  })
  const body = (await res.json().catch(() => undefined)) as { result?: Hex } | undefined
  if (!res.ok || !body?.result) throw new Error(`the factory's getAddress: HTTP ${res.status}`)
  const address = decodeFunctionResult({ abi: factoryAbi, data: body.result })
  if (known.size >= MAX_KNOWN) known.clear()
  known.set(key, address)
  return address
}
