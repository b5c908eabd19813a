import {
  EMBEDDED_CONNECTOR_ID,
  type HostClient,
  LEGACY_INJECTED_CONNECTOR_ID,
  NATIVE_TOKEN_ADDRESS,
  type SwapQuote,
  SwapsNetworkUnsupportedError,
  type SwapToken,
  type SwapTx,
} from '@modalkit/protocol'
import { getNetwork } from '@modalkit/shared'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { stubApiClient } from '../../../test/stubApiClient.ts'
import type { Connector } from '../../connectors/Connector.ts'
import { loadEnglishLater } from '../../i18n/englishLater.ts'
import { accountsAtom, activeChainAtom, createStore, networksAtom, selectedNetworkIdAtom } from '../atoms.ts'
import { createSwapActions } from './createSwapActions.ts'
import { swapFlowAtom, swapFormAtom, swapQuoteAtom, swapTokensAtom } from './swapAtoms.ts'

// Unit tests of the Swap rules (debounce, stale quotes, approve-then-swap order, which wallet is
// asked): the API and the wallets are recording stand-ins here. The real endpoints over anvil run in
// apps/api's convert.test.ts, the whole flow in the browser in e2e/swap.spec.ts.
const CHAIN = 'eip155:31337'
const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const ETH = `${CHAIN}:${NATIVE_TOKEN_ADDRESS}`
const LUSD = `${CHAIN}:0xD89c1432EaA169C54dC7610C744c68a2F4b6B3e5`
const token = (symbol: string, address: string, decimals: number, numeric: string): SwapToken => ({
  name: symbol,
  symbol,
  address,
  decimals,
  price: 1,
  quantity: { decimals: String(decimals), numeric },
})
const TOKENS = [token('ETH', ETH, 18, '10'), token('LUSD', LUSD, 6, '1000')]
const quoteFor = (amount: string, toAmount: string): SwapQuote => ({
  id: 'q',
  fromAmount: amount,
  fromAccount: LUSD,
  toAmount,
  toAccount: ETH,
  priceImpact: 0.1,
  fee: '0',
  path: ['0xD89c1432EaA169C54dC7610C744c68a2F4b6B3e5', '0xfbfbfDdd6e35dA57b7B0F9a2C10E34Be70B3A4E9'],
})
const tx = (data: string): SwapTx => ({
  from: ADDRESS,
  to: '0xCABEe62adFB2a4d4172Fc2F7536f324FC52C274a',
  data,
  amount: '0',
  eip155: { gas: '100000', gasPrice: '1' },
})
const HASH = `0x${'ab'.repeat(32)}`

function setup(connectorId: string, overrides: Partial<Parameters<typeof stubApiClient>[0]> = {}) {
  const store = createStore()
  const network = getNetwork(CHAIN)
  if (!network) throw new Error('no local network')
  store.set(networksAtom, [network])
  store.set(activeChainAtom, 'eip155')
  store.set(selectedNetworkIdAtom, CHAIN)
  store.set(accountsAtom, [
    {
      namespace: 'eip155',
      status: 'connected',
      address: ADDRESS,
      caipAddress: `${CHAIN}:${ADDRESS}`,
      connectorId,
    },
  ])
  const log: string[] = []
  const toasts: string[] = []
  const api = stubApiClient({
    getProjectConfig: async () => {
      throw new Error('unused')
    },
    getSwapTokens: async () => TOKENS,
    rpc: async (_p, _chain, method) => {
      log.push(method)
      return { status: '0x1', blockNumber: '0x1' }
    },
    ...overrides,
  })
  const connector = {
    request: async ({ method, params }: { method: string; params: unknown }) => {
      log.push(`embedded ${method} ${(params as { data: string }[])[0]?.data}`)
      return HASH
    },
  } as unknown as Connector<never>
  const host = {
    injectedRequest: async ({ method, params }: { method: string; params: unknown[] }) => {
      log.push(`host ${method} ${(params as { data: string }[])[0]?.data}`)
      return HASH
    },
  } as unknown as HostClient
  const events: string[] = []
  const actions = createSwapActions({
    store,
    api,
    projectId: 'p',
    notices: { showToast: (_v, message) => toasts.push(message) },
    analytics: { track: (event, properties) => events.push(`${event} ${JSON.stringify(properties)}`) },
    host: () => host,
    connector: () => connector,
    refreshBalances: async () => {
      log.push('refresh balances')
    },
    quoteDelayMs: 300,
    sleep: async () => {},
  })
  return { store, actions, log, toasts, events }
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('tokens', () => {
  it('starts from the native currency, or the tokens the Swap was opened with', async () => {
    const { store, actions } = setup(EMBEDDED_CONNECTOR_ID)
    await actions.loadTokens()
    expect(store.get(swapFormAtom)).toMatchObject({ from: ETH, to: undefined, slippage: '1' })
    await actions.loadTokens({ fromToken: 'lusd', toToken: 'ETH', amount: '5' })
    expect(store.get(swapFormAtom)).toMatchObject({ from: LUSD, to: ETH, amount: '5' })
  })

  it("shows 'Network not supported for Swaps' when the network has no router", async () => {
    const { store, actions } = setup(EMBEDDED_CONNECTOR_ID, {
      getSwapTokens: async () => {
        throw new SwapsNetworkUnsupportedError(CHAIN)
      },
    })
    await actions.loadTokens()
    expect(store.get(swapTokensAtom)).toMatchObject({
      status: 'error',
      error: 'Network not supported for Swaps',
    })
  })
})

describe('quotes', () => {
  it('asks once typing pauses, and drops an answer for an amount since changed', async () => {
    const asked: string[] = []
    const replies = new Map<string, (q: SwapQuote) => void>()
    const { store, actions } = setup(EMBEDDED_CONNECTOR_ID, {
      getSwapQuote: (_p, { amount }) => {
        asked.push(amount)
        return new Promise((resolve) => replies.set(amount, resolve))
      },
    })
    await actions.loadTokens({ fromToken: 'LUSD', toToken: 'ETH' })
    actions.setAmount('1')
    actions.setAmount('12')
    await vi.advanceTimersByTimeAsync(300)
    expect(asked).toEqual(['12000000'])
    actions.setAmount('123')
    await vi.advanceTimersByTimeAsync(300)
    // The answer for 12 arrives after the user typed 123: it is not shown.
    replies.get('12000000')?.(quoteFor('12000000', '4'))
    await vi.advanceTimersByTimeAsync(0)
    expect(store.get(swapQuoteAtom)).toMatchObject({ status: 'loading', for: `${LUSD}|${ETH}|123` })
    replies.get('123000000')?.(quoteFor('123000000', '41'))
    await vi.advanceTimersByTimeAsync(0)
    expect(store.get(swapQuoteAtom)).toMatchObject({ status: 'ready', quote: { toAmount: '41' } })
  })
})

describe('approve and swap', () => {
  // Its toasts' words come with the Swap view's chunk in the modal (englishLater.ts).
  beforeAll(() => loadEnglishLater())

  it('approves a short allowance, then swaps, each in the embedded wallet, then refreshes balances', async () => {
    const { store, actions, log, toasts, events } = setup(EMBEDDED_CONNECTOR_ID, {
      getSwapAllowance: async () => 0n,
      buildSwapApprove: async (_p, q) => {
        log.push(`build-approve ${q.amount}`)
        return tx('0xa1')
      },
      buildSwapTransaction: async (_p, b) => {
        log.push(`build-transaction ${b.amount} ${b.slippage}`)
        return { tx: tx('0xb2'), amountOutMin: '1', deadline: 1 }
      },
    })
    await actions.loadTokens({ fromToken: 'LUSD', toToken: 'ETH', amount: '2.5' })
    actions.setSlippage('0.5')
    await actions.swap()
    expect(log).toEqual([
      'build-approve 2500000',
      'embedded eth_sendTransaction 0xa1',
      'eth_getTransactionReceipt',
      'build-transaction 2500000 0.5',
      'embedded eth_sendTransaction 0xb2',
      'eth_getTransactionReceipt',
      'refresh balances',
    ])
    expect(toasts).toEqual(['Swap completed'])
    // AppKit's swap events, for the site's subscribeEvents and analytics.
    const swapped = '"network":"eip155:31337","from":"LUSD","to":"ETH","amount":"2.5"'
    expect(events).toEqual([`INITIATE_SWAP {${swapped}}`, `SWAP_SUCCESS {${swapped},"hash":"${HASH}"}`])
    expect(store.get(swapFlowAtom)).toEqual({ status: 'done', hash: HASH })
    expect(store.get(swapFormAtom).amount).toBe('')
  })

  it('sends through the host page for a browser wallet; enough allowance skips the approval', async () => {
    const { actions, log } = setup(LEGACY_INJECTED_CONNECTOR_ID, {
      getSwapAllowance: async () => 10n ** 30n,
      buildSwapTransaction: async () => ({ tx: tx('0xb2'), amountOutMin: '1', deadline: 1 }),
    })
    await actions.loadTokens({ fromToken: 'LUSD', toToken: 'ETH', amount: '1' })
    await actions.swap()
    expect(log.slice(0, 2)).toEqual(['host eth_sendTransaction 0xb2', 'eth_getTransactionReceipt'])
  })

  it('a swap that reverts on chain ends failed, with a toast, and nothing refreshed as if it had worked', async () => {
    const { store, actions, toasts, events } = setup(EMBEDDED_CONNECTOR_ID, {
      getSwapAllowance: async () => 10n ** 30n,
      buildSwapTransaction: async () => ({ tx: tx('0xb2'), amountOutMin: '1', deadline: 1 }),
      rpc: async () => ({ status: '0x0', blockNumber: '0x1' }),
    })
    await actions.loadTokens({ fromToken: 'LUSD', toToken: 'ETH', amount: '1' })
    await actions.swap()
    expect(toasts).toEqual(['The transaction failed on chain'])
    expect(events.at(-1)).toMatch(/^SWAP_ERROR \{.*"message":"The transaction failed on chain"\}$/)
    expect(store.get(swapFlowAtom)).toEqual({ status: 'failed', message: 'The transaction failed on chain' })
    expect(store.get(swapFormAtom).amount).toBe('1')
  })

  it('the view mounting again while the wallet approves (embedded) keeps the running swap and its form', async () => {
    const args = { fromToken: 'LUSD', toToken: 'ETH', amount: '1' }
    const seen: unknown[] = []
    let remount = async () => {}
    const { store, actions } = setup(EMBEDDED_CONNECTOR_ID, {
      getSwapAllowance: async () => 10n ** 30n,
      buildSwapTransaction: async () => {
        await remount()
        seen.push(store.get(swapFlowAtom), store.get(swapFormAtom))
        return { tx: tx('0xb2'), amountOutMin: '1', deadline: 1 }
      },
    })
    remount = () => actions.loadTokens(args)
    await actions.loadTokens(args)
    actions.setAmount('2')
    await actions.swap()
    expect(seen).toEqual([{ status: 'swapping' }, { from: LUSD, to: ETH, amount: '2', slippage: '1' }])
    expect(store.get(swapFlowAtom)).toEqual({ status: 'done', hash: HASH })
  })
})
