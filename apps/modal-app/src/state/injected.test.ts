import { AppKitError, ConnectionRejectedError, type HostClient, type ProjectConfig } from '@modalkit/protocol'
import { describe, expect, it, vi } from 'vitest'
import { stubApiClient } from '../../test/stubApiClient.ts'
import { connectingWalletAtom, createStore, historyAtom, hostOriginAtom, openAtom } from './atoms.ts'
import { createController } from './createController.ts'

const config: ProjectConfig = {
  projectId: 'p',
  name: 'Shop',
  allowedOrigins: ['https://shop.test'],
  features: {},
}
const wallet = { uuid: 'u1', name: 'Test Wallet', rdns: 'test.wallet' }
const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

function setup(hostImpl: Partial<Record<keyof HostClient, (...args: never[]) => Promise<unknown>>>) {
  const store = createStore()
  store.set(hostOriginAtom, 'https://shop.test')
  const host = {
    stateChanged: vi.fn(async () => undefined),
    emitEvent: vi.fn(async () => undefined),
    connectInjected: vi.fn(async () => ({ accounts: [ADDRESS], chainId: '0x7a69' })),
    injectedRequest: vi.fn(async () => null),
    disconnectInjected: vi.fn(async () => undefined),
    restoreInjected: vi.fn(async () => undefined),
    ...hostImpl,
  } as unknown as HostClient
  const controller = createController({
    store,
    api: stubApiClient({ getProjectConfig: async () => config, rpc: async () => null }),
    projectId: 'p',
    config: Promise.resolve(config),
    isMobile: false,
    emit: () => {},
    host: () => host,
  })
  const start = async () => {
    await controller.handlers.init({ projectId: 'p', networks: ['eip155:31337', 'eip155:31338'] })
    await controller.handlers.walletsChanged([wallet])
    await controller.handlers.open(undefined)
  }
  return { store, controller, host, start }
}

describe('the last visit’s browser wallet', () => {
  it('is connected again on init, on the wallet’s chain, with the modal shut', async () => {
    const { controller, store } = setup({
      restoreInjected: async () => ({ wallet, accounts: [ADDRESS], chainId: '0x7a6a' }),
    })
    await controller.handlers.init({ projectId: 'p', networks: ['eip155:31337', 'eip155:31338'] })
    await vi.waitFor(() => expect(controller.snapshot().accounts[0]?.status).toBe('connected'))
    expect(controller.snapshot()).toMatchObject({
      selectedNetworkId: 'eip155:31338',
      accounts: [
        { address: ADDRESS, caipAddress: `eip155:31338:${ADDRESS}`, connectorId: 'ANNOUNCED:test.wallet' },
      ],
    })
    expect(store.get(openAtom)).toBe(false)
  })

  it('is not asked for with enableReconnect: false, and a failing loader leaves it disconnected', async () => {
    const restoreInjected = vi.fn(async () => ({ wallet, accounts: [ADDRESS], chainId: '0x7a69' }))
    const off = setup({ restoreInjected })
    await off.controller.handlers.init({ projectId: 'p', networks: ['eip155:31337'], enableReconnect: false })
    expect(restoreInjected).not.toHaveBeenCalled()
    const failing = setup({ restoreInjected: async () => Promise.reject(new Error('gone')) })
    await failing.controller.handlers.init({ projectId: 'p', networks: ['eip155:31337'] })
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(failing.controller.snapshot().accounts.every((a) => a.status !== 'connected')).toBe(true)
  })
})

describe('connecting a browser wallet', () => {
  it('connects, selects the wallet chain and closes the modal', async () => {
    const { controller, store, start } = setup({})
    await start()
    await controller.connectInjected('u1')
    expect(controller.snapshot().accounts).toEqual([
      {
        namespace: 'eip155',
        status: 'connected',
        address: ADDRESS,
        caipAddress: `eip155:31337:${ADDRESS}`,
        type: 'eoa',
        connectorId: 'ANNOUNCED:test.wallet',
      },
    ])
    expect(store.get(openAtom)).toBe(false)
  })

  it("keeps ConnectingExternal with 'Connection rejected' on 4001", async () => {
    const { controller, store, start } = setup({
      connectInjected: async () => {
        throw new ConnectionRejectedError()
      },
    })
    await start()
    await controller.connectInjected('u1')
    expect(store.get(historyAtom).at(-1)).toBe('ConnectingExternal')
    expect(store.get(connectingWalletAtom)).toEqual({ wallet, error: 'Connection rejected' })
    expect(controller.snapshot().accounts).toEqual([{ namespace: 'eip155', status: 'disconnected' }])
  })

  it('shows UnsupportedChain when the wallet is on a chain the site did not configure', async () => {
    const { controller, store, start } = setup({
      connectInjected: async () => ({ accounts: [ADDRESS], chainId: '0x1' }),
    })
    await start()
    await controller.connectInjected('u1')
    expect(store.get(historyAtom)).toEqual(['UnsupportedChain'])
    expect(store.get(openAtom)).toBe(true)
  })

  it('switches the wallet chain, adding it when the wallet answers 4902', async () => {
    const calls: string[] = []
    const { controller, start } = setup({
      injectedRequest: async ({ method }: { method: string }) => {
        calls.push(method)
        if (method === 'wallet_switchEthereumChain' && calls.length === 1) {
          throw new AppKitError({ code: 4902, shortMessage: 'Unrecognized chain' })
        }
        return null
      },
    } as never)
    await start()
    await controller.connectInjected('u1')
    await controller.handlers.switchNetwork('eip155:31338')
    expect(calls).toEqual(['wallet_switchEthereumChain', 'wallet_addEthereumChain'])
    expect(controller.snapshot().accounts[0]?.caipAddress).toBe(`eip155:31338:${ADDRESS}`)
  })

  it('does not select the network when the wallet refuses to switch', async () => {
    const { controller, start } = setup({
      injectedRequest: async () => {
        throw new AppKitError({ code: 4001, shortMessage: 'Wallet request failed' })
      },
    })
    await start()
    await controller.connectInjected('u1')
    await expect(controller.handlers.switchNetwork('eip155:31338')).rejects.toMatchObject({ code: 4001 })
    expect(controller.snapshot().selectedNetworkId).toBe('eip155:31337')
  })

  it('follows wallet events: chain changes, and an empty account list disconnects', async () => {
    const { controller, host, start } = setup({})
    await start()
    await controller.connectInjected('u1')
    await controller.handlers.injectedEvent({ type: 'chainChanged', chainId: '0x7a6a' })
    expect(controller.snapshot().selectedNetworkId).toBe('eip155:31338')
    await controller.handlers.injectedEvent({ type: 'accountsChanged', accounts: [] })
    expect(controller.snapshot().accounts).toEqual([{ namespace: 'eip155', status: 'disconnected' }])
    expect(host.disconnectInjected).toHaveBeenCalled()
  })
})
