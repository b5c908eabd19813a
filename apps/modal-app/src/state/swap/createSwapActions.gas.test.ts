import {
  GasPriceNetworkUnsupportedError,
  NATIVE_TOKEN_ADDRESS,
  type SwapToken,
  type SwapTx,
} from '@modalkit/protocol'
import { getNetwork } from '@modalkit/shared'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { stubApiClient } from '../../../test/stubApiClient.ts'
import type { ApiClient } from '../../api/createApiClient.ts'
import { accountsAtom, activeChainAtom, createStore, networksAtom, selectedNetworkIdAtom } from '../atoms.ts'
import { createSwapActions } from './createSwapActions.ts'
import { swapQuoteAtom, swapTokensAtom } from './swapAtoms.ts'

// Swap's network cost (the swap's own call estimated, times the gas price) and the gas price's SPEC §8
// failure, on recording stand-ins (the real path over anvil: e2e/swap.spec.ts, WalletConnect's swap).
const CHAIN = 'eip155:31337'
const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const ROUTER = '0xCABEe62adFB2a4d4172Fc2F7536f324FC52C274a'
const ETH = `${CHAIN}:${NATIVE_TOKEN_ADDRESS}`
const LUSD = `${CHAIN}:0xD89c1432EaA169C54dC7610C744c68a2F4b6B3e5`
const token = (symbol: string, address: string, decimals: number): SwapToken => ({
  name: symbol,
  symbol,
  address,
  decimals,
  price: 1,
  quantity: { decimals: String(decimals), numeric: '1000' },
})
const tx = (data: string, amount = '0'): SwapTx => ({
  from: ADDRESS,
  to: ROUTER,
  data,
  amount,
  eip155: { gas: '100000', gasPrice: '1' },
})

function setup(overrides: Partial<ApiClient>) {
  const store = createStore()
  const network = getNetwork(CHAIN)
  if (!network) throw new Error('no local network')
  store.set(networksAtom, [network])
  store.set(activeChainAtom, 'eip155')
  store.set(selectedNetworkIdAtom, CHAIN)
  store.set(accountsAtom, [
    { namespace: 'eip155', status: 'connected', address: ADDRESS, caipAddress: `${CHAIN}:${ADDRESS}` },
  ])
  const api = stubApiClient({
    getProjectConfig: async () => {
      throw new Error('unused')
    },
    getSwapTokens: async () => [token('ETH', ETH, 18), token('LUSD', LUSD, 6)],
    ...overrides,
  })
  const actions = createSwapActions({
    store,
    api,
    projectId: 'p',
    notices: { showToast: () => {} },
    analytics: { track: () => {} },
    host: () => undefined,
    connector: () => undefined,
    refreshBalances: async () => {},
    quoteDelayMs: 300,
    sleep: async () => {},
  })
  return { store, actions }
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('the network cost', () => {
  it("estimates the swap's own call (eth_estimateGas of the built transaction) for the quote shown", async () => {
    const estimated: unknown[] = []
    const { store, actions } = setup({
      getSwapGasPrice: async () => ({ standard: '2000000000', fast: '3', instant: '4' }),
      getSwapQuote: async (_p, { amount }) => ({
        id: 'q',
        fromAmount: amount,
        fromAccount: ETH,
        toAmount: '7',
        toAccount: LUSD,
        priceImpact: 0.1,
        fee: '0',
        path: [],
      }),
      buildSwapTransaction: async (_p, b) => ({ tx: tx('0xb2', b.amount), amountOutMin: '1', deadline: 1 }),
      rpc: async (_p, _chain, method, params) => {
        if (method === 'eth_estimateGas') estimated.push(params[0])
        return '0x1d4c0'
      },
    })
    await actions.loadTokens({ fromToken: 'ETH', toToken: 'LUSD', amount: '0.5' })
    expect(store.get(swapTokensAtom)).toMatchObject({ gasPrice: 2_000_000_000n })
    await vi.advanceTimersByTimeAsync(300)
    expect(estimated).toEqual([{ from: ADDRESS, to: ROUTER, data: '0xb2', value: '0x6f05b59d3b20000' }])
    expect(store.get(swapQuoteAtom)).toMatchObject({ status: 'ready', gas: 120_000n })
  })

  it("says 'Network not supported for Gas Price' when the gas price cannot be read", async () => {
    const { store, actions } = setup({
      getSwapGasPrice: async () => {
        throw new GasPriceNetworkUnsupportedError('gas-price')
      },
    })
    await actions.loadTokens()
    expect(store.get(swapTokensAtom)).toMatchObject({
      status: 'ready',
      gasPriceError: 'Network not supported for Gas Price',
    })
  })
})
