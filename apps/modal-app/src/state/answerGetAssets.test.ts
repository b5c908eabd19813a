import type { AccountState, TokenBalance } from '@modalkit/protocol'
import { getNetwork, type Network } from '@modalkit/shared'
import { describe, expect, it } from 'vitest'
import { answerGetAssets } from './answerGetAssets.ts'

// EIP-7811 from the API's balances; a recording stand-in answers the balance reads (the real
// endpoint over anvil runs in apps/api's accountData.test.ts, the request from a site in
// e2e/embeddedCalls.spec.ts).
const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const LUSD = '0xD89c1432EaA169C54dC7610C744c68a2F4b6B3e5'
const networks = ['eip155:31337', 'eip155:31338', 'eip155:1'].map((id) => getNetwork(id)) as Network[]
const account: AccountState = {
  namespace: 'eip155',
  status: 'connected',
  address: ADDRESS,
  caipAddress: `eip155:31337:${ADDRESS}`,
}
const balance = (chainId: string, symbol: string, numeric: string, decimals: string, address?: string) =>
  ({
    name: symbol,
    symbol,
    chainId,
    ...(address ? { address: `${chainId}:${address}` } : {}),
    value: 0,
    price: 0,
    quantity: { decimals, numeric },
  }) as TokenBalance

function setup() {
  const asked: string[] = []
  const api = {
    getSupportedChains: async () => ['eip155:31337', 'eip155:31338'],
    getBalances: async (_p: string, query: { chainId: string }) => {
      asked.push(query.chainId)
      return [
        balance(query.chainId, 'ETH', '1.5', '18'),
        balance(query.chainId, 'LUSD', '250.25', '6', LUSD),
        balance(query.chainId, 'ZERO', '0', '6', '0x0000000000000000000000000000000000000001'),
      ]
    },
  }
  const ask = (params: unknown, who: AccountState = account) =>
    answerGetAssets(params, { api, projectId: 'p', account: who, networks })
  return { ask, asked }
}

describe('wallet_getAssets', () => {
  it("answers the connected account's native and ERC-20 balances per served chain, in EIP-7811's shape", async () => {
    const { ask, asked } = setup()
    const assets = await ask([{ account: ADDRESS.toLowerCase() }])
    expect(asked).toEqual(['eip155:31337', 'eip155:31338'])
    expect(assets['0x7a69']).toEqual([
      {
        address: 'native',
        balance: `0x${(1_500_000_000_000_000_000n).toString(16)}`,
        type: 'native',
        metadata: { name: 'ETH', symbol: 'ETH', decimals: 18 },
      },
      {
        address: LUSD,
        balance: `0x${(250_250_000n).toString(16)}`,
        type: 'erc20',
        metadata: { name: 'LUSD', symbol: 'LUSD', decimals: 6 },
      },
    ])
    expect(Object.keys(assets)).toEqual(['0x7a69', '0x7a6a'])
  })

  it('applies the filters: assetFilter alone, else chainFilter and assetTypeFilter', async () => {
    const { ask } = setup()
    const byType = await ask([{ account: ADDRESS, chainFilter: ['0x7a6a'], assetTypeFilter: ['erc20'] }])
    expect(byType).toEqual({ '0x7a6a': [expect.objectContaining({ address: LUSD, type: 'erc20' })] })
    const byAsset = await ask([
      {
        account: ADDRESS,
        assetFilter: { '0x7a69': [{ address: 'native', type: 'native' }] },
        chainFilter: ['0x7a6a'],
      },
    ])
    expect(byAsset).toEqual({ '0x7a69': [expect.objectContaining({ address: 'native' })] })
  })

  it('refuses another account (4100), no account, and params off the schema before reading anything', async () => {
    const { ask, asked } = setup()
    await expect(ask([{ account: '0x0000000000000000000000000000000000000002' }])).rejects.toMatchObject({
      code: 4100,
      shortMessage: 'The requested account has not been authorized by the user',
    })
    await expect(
      ask([{ account: ADDRESS }], { namespace: 'eip155', status: 'disconnected' }),
    ).rejects.toMatchObject({ code: 4100 })
    for (const bad of [
      [],
      [{}],
      [{ account: ADDRESS, chainFilter: ['1'] }],
      [{ account: ADDRESS, extra: 1 }],
    ])
      await expect(ask(bad)).rejects.toMatchObject({ name: 'ValidationError' })
    expect(asked).toEqual([])
  })
})
