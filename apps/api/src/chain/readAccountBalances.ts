import type { Currency, TokenBalance } from '@modalkit/protocol'
import { getNetwork } from '@modalkit/shared'
import { Interface } from 'ethers'
import type { Db } from '../db/Db.ts'
import { callNode } from './callNode.ts'
import { priceOf, SPL_TOKEN_NAMES } from './priceTable.ts'
import { toDecimal } from './toDecimal.ts'

const erc20 = new Interface(['function balanceOf(address) view returns (uint256)'])
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'

export type ReadAccountBalancesParameters = {
  db: Db
  url: string
  chain: string
  address: string
  currency: Currency
}

const entry = (
  chain: string,
  meta: { name: string; symbol: string; address?: string },
  value: bigint,
  decimals: number,
  price: number,
): TokenBalance => {
  const numeric = toDecimal(value, decimals)
  return {
    name: meta.name,
    symbol: meta.symbol,
    chainId: chain,
    ...(meta.address ? { address: `${chain}:${meta.address}` } : {}),
    value: Number(numeric) * price,
    price,
    quantity: { decimals: String(decimals), numeric },
  }
}

/**
 * An account's balances on one network, read from the node: the native currency first,
 * then every fungible token with a balance. Which EVM tokens to read comes from the indexer (any
 * ERC-20 the account ever sent or received), so a token deployed after start shows as soon as it
 * arrives; the amounts themselves come from the node, not from summing transfers.
 */
export async function readAccountBalances({
  db,
  url,
  chain,
  address,
  currency,
}: ReadAccountBalancesParameters): Promise<TokenBalance[]> {
  const network = getNetwork(chain)
  const native = network?.nativeCurrency ?? { name: 'Native', symbol: 'NATIVE', decimals: 18 }
  const [namespace] = chain.split(':') as [string]
  if (namespace === 'solana') {
    const [lamports, accounts] = await Promise.all([
      callNode<{ value: number }>(url, 'getBalance', [address]),
      callNode<{ value: { account: { data: { parsed: { info: SplInfo } } } }[] }>(
        url,
        'getTokenAccountsByOwner',
        [address, { programId: TOKEN_PROGRAM }, { encoding: 'jsonParsed' }],
      ),
    ])
    const tokens = accounts.value
      .map((a) => a.account.data.parsed.info)
      .filter((info) => BigInt(info.tokenAmount.amount) > 0n)
      .map((info) => {
        const known = SPL_TOKEN_NAMES.get(info.mint)
        const meta = known ?? { name: 'Unknown token', symbol: info.mint.slice(0, 4) }
        return entry(
          chain,
          { ...meta, address: info.mint },
          BigInt(info.tokenAmount.amount),
          info.tokenAmount.decimals,
          priceOf('solana', info.mint, currency),
        )
      })
    return [
      entry(chain, native, BigInt(lamports.value), native.decimals, priceOf('solana', undefined, currency)),
      ...tokens,
    ]
  }
  const owner = address.toLowerCase()
  const known = await db.query<{ address: string; name: string; symbol: string; decimals: number }>(
    `select distinct t.address, t.name, t.symbol, t.decimals from chain_tokens t
       join chain_events e on e.chain = t.chain and e.token = t.address and e.kind = 'transfer'
      where t.chain = $1 and t.standard = 'erc20' and (e.to_address = $2 or e.from_address = $2)
      order by t.address`,
    [chain, owner],
  )
  const [wei, ...amounts] = await Promise.all([
    callNode<string>(url, 'eth_getBalance', [address, 'latest']),
    ...known.map((token) =>
      callNode<string>(url, 'eth_call', [
        { to: token.address, data: erc20.encodeFunctionData('balanceOf', [address]) },
        'latest',
      ]).then((hex) => (hex && hex !== '0x' ? BigInt(hex.slice(0, 66)) : 0n)),
    ),
  ])
  const tokens = known
    .flatMap((token, i) => {
      const amount = amounts[i] ?? 0n
      return amount > 0n
        ? [entry(chain, token, amount, Number(token.decimals), priceOf('eip155', token.address, currency))]
        : []
    })
    // The most valuable first, as wallets list them.
    .sort((a, b) => b.value - a.value || a.symbol.localeCompare(b.symbol))
  return [
    entry(chain, native, BigInt(wei), native.decimals, priceOf('eip155', undefined, currency)),
    ...tokens,
  ]
}

type SplInfo = { mint: string; tokenAmount: { amount: string; decimals: number } }
