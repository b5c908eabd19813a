import { Interface } from 'ethers'
import { callNode } from './callNode.ts'

const erc20 = new Interface([
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
  'function tokenURI(uint256) view returns (string)',
])

export type TokenMetadata = { name: string; symbol: string; decimals: number }

async function read(url: string, address: string, fn: string, args: unknown[] = []): Promise<unknown> {
  const data = erc20.encodeFunctionData(fn, args)
  const result = await callNode<string>(url, 'eth_call', [{ to: address, data }, 'latest'])
  return erc20.decodeFunctionResult(fn, result)[0]
}

/** Text a contract returns, trimmed to what the tables and the modal take (contracts are untrusted). */
const clean = (value: unknown, max: number): string =>
  typeof value === 'string'
    ? [...value]
        .filter((ch) => ch >= ' ')
        .join('')
        .slice(0, max)
    : ''

/**
 * A token's name, symbol and decimals, read from the contract itself. A contract that
 * answers none of them still gets a row (name and symbol empty; an ERC-721 has 0 decimals), so a
 * token sent to an account shows up whatever it implements.
 */
export async function readTokenMetadata(
  url: string,
  address: string,
  standard: 'erc20' | 'erc721',
): Promise<TokenMetadata> {
  const safe = (fn: string) => read(url, address, fn).catch(() => undefined)
  const [name, symbol, decimals] = await Promise.all([
    safe('name'),
    safe('symbol'),
    standard === 'erc20' ? safe('decimals') : Promise.resolve(0n),
  ])
  const places = typeof decimals === 'bigint' && decimals <= 36n ? Number(decimals) : 0
  return { name: clean(name, 100), symbol: clean(symbol, 32), decimals: places }
}

/** The ERC-721 tokenURI of one token, or undefined when the contract has none. */
export async function readTokenUri(
  url: string,
  contract: string,
  tokenId: string,
): Promise<string | undefined> {
  const uri = await read(url, contract, 'tokenURI', [BigInt(tokenId)]).catch(() => undefined)
  return typeof uri === 'string' && uri.length <= 500 ? uri : undefined
}
