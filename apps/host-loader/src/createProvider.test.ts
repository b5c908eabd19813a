import type { HostSnapshot } from '@modalkit/protocol'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createProvider } from './createProvider.ts'
import { INITIAL_SNAPSHOT, Store } from './store.ts'
import { CHAIN_SETTLE_TIMEOUT_MS } from './waitForChain.ts'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const network = (id: number) => ({
  caipNetworkId: `eip155:${id}`,
  id,
  name: `Local ${id}`,
  chainNamespace: 'eip155',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
})
const connectedOn = (id: number): HostSnapshot =>
  ({
    ...INITIAL_SNAPSHOT,
    network: network(id),
    accounts: [{ namespace: 'eip155', status: 'connected', address, caipAddress: `eip155:${id}:${address}` }],
  }) as HostSnapshot

/** The provider over a state the test moves, with a backend that records what reaches it. */
function setup(initial: HostSnapshot = connectedOn(31337)) {
  const store = new Store<HostSnapshot>(initial)
  const calls: unknown[][] = []
  const provider = createProvider(store, {
    ready: async () => {},
    forward: async (method, params) => {
      calls.push(['forward', method, params])
      return null
    },
    open: async () => {
      calls.push(['open'])
    },
    disconnect: async () => {
      calls.push(['disconnect'])
    },
  })
  return { store, calls, provider }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('wallet_switchEthereumChain', () => {
  it('resolves once the wallet’s chain reached the state, so eth_chainId right after is the new one', async () => {
    const { store, provider } = setup()
    const events: unknown[] = []
    provider.on('chainChanged', (id: never) => events.push(id))
    let settled = false
    const switching = provider
      .request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
      .then((result) => {
        settled = true
        return result
      })
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(settled).toBe(false)
    store.set(connectedOn(31338))
    expect(await switching).toBeNull()
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a6a')
    expect(events).toEqual(['0x7a6a'])
  })

  it('resolves at once when the state is already on that chain (any hex case)', async () => {
    const { provider, calls } = setup(connectedOn(31338))
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7A6A' }] })
    expect(calls).toEqual([['forward', 'wallet_switchEthereumChain', [{ chainId: '0x7A6A' }]]])
  })

  it('resolves after a bounded wait when the wallet never reports the chain', async () => {
    vi.useFakeTimers()
    const { provider } = setup()
    const switching = provider.request({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: '0x7a6a' }],
    })
    await vi.advanceTimersByTimeAsync(CHAIN_SETTLE_TIMEOUT_MS)
    expect(await switching).toBeNull()
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
  })

  it('keeps the wallet’s error (4902) and does not wait', async () => {
    const store = new Store<HostSnapshot>(connectedOn(31337))
    const provider = createProvider(store, {
      ready: async () => {},
      forward: async () => {
        throw Object.assign(new Error('Unrecognized chain ID'), { code: 4902 })
      },
      open: async () => {},
      disconnect: async () => {},
    })
    await expect(
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] }),
    ).rejects.toMatchObject({ code: 4902, message: 'Unrecognized chain ID' })
  })
})

describe('EIP-2255 permissions for eth_accounts (wagmi’s injected connector)', () => {
  it('wallet_requestPermissions answers the eth_accounts permission with the connected account', async () => {
    const { provider, calls } = setup()
    expect(
      await provider.request({ method: 'wallet_requestPermissions', params: [{ eth_accounts: {} }] }),
    ).toEqual([
      {
        parentCapability: 'eth_accounts',
        caveats: [{ type: 'restrictReturnedAccounts', value: [address] }],
      },
    ])
    expect(calls).toEqual([])
  })

  it('wallet_requestPermissions opens the modal when nothing is connected, like eth_requestAccounts', async () => {
    const { store, provider, calls } = setup({ ...INITIAL_SNAPSHOT, network: network(31337) } as HostSnapshot)
    const asking = provider.request({ method: 'wallet_requestPermissions', params: [{ eth_accounts: {} }] })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(calls).toEqual([['open']])
    store.set(connectedOn(31337))
    expect(await asking).toMatchObject([{ caveats: [{ value: [address] }] }])
  })

  it('wallet_revokePermissions for eth_accounts disconnects', async () => {
    const { provider, calls } = setup()
    expect(
      await provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] }),
    ).toBeNull()
    expect(calls).toEqual([['disconnect']])
  })

  it('other permissions go on to the wallet unchanged', async () => {
    const { provider, calls } = setup()
    const params = [{ permissions: [{ type: 'native-token-recurring-allowance' }] }]
    await provider.request({ method: 'wallet_revokePermissions', params })
    await provider.request({ method: 'wallet_requestPermissions', params: [{ eth_accounts: {}, other: {} }] })
    expect(calls).toEqual([
      ['forward', 'wallet_revokePermissions', params],
      ['forward', 'wallet_requestPermissions', [{ eth_accounts: {}, other: {} }]],
    ])
  })
})
