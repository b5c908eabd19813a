import { EMBEDDED_CONNECTOR_ID, WALLET_CONNECT_CONNECTOR_ID } from '@modalkit/protocol'
import { describe, expect, it, vi } from 'vitest'
import type { Connectors } from '../connectors/registry.ts'
import { createWalletConnectConnector } from '../connectors/walletConnect/createWalletConnectConnector.ts'
import {
  accountsAtom,
  activeChainAtom,
  createStore,
  networksAtom,
  selectedNetworkIdAtom,
  walletConnectApprovedAtom,
} from './atoms.ts'
import type { RpcHandlerDeps } from './createRpcHandler.ts'
import { lazyRpcHandler } from './lazyRpcHandler.ts'
import { resolveNetworks } from './resolveNetworks.ts'
import { selectNetwork } from './selectNetwork.ts'

// The handler's chunk arrives when a test lets it, as over a slow network: what the page does
// meantime must not change where a request sent before goes. The wallets are stand-ins that record
// where they were asked; the real ones run in the e2e suite (walletConnect.spec.ts, embeddedCalls.spec.ts).
let release = () => {}
let gate = Promise.resolve()
const holdChunk = () => {
  gate = new Promise<void>((resolve) => {
    release = resolve
  })
}
vi.mock('./createRpcHandler.ts', async (importOriginal) => {
  await gate
  return importOriginal()
})

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const account = (connectorId: string) => ({
  namespace: 'eip155' as const,
  status: 'connected' as const,
  address: ADDRESS,
  caipAddress: `eip155:1:${ADDRESS}` as const,
  connectorId,
})

function setup(connectors: (store: ReturnType<typeof createStore>) => Connectors) {
  const store = createStore()
  store.set(networksAtom, resolveNetworks({ projectId: 'p', networks: ['eip155:1', 'eip155:31337'] }))
  store.set(selectedNetworkIdAtom, 'eip155:1')
  store.set(activeChainAtom, 'eip155')
  const wallets = connectors(store)
  const switchNetwork = async (id: string) => {
    const network = store.get(networksAtom).find((n) => n.caipNetworkId === id)
    if (!network) throw new Error(`no ${id}`)
    await wallets.walletConnect?.switchChain(network)
    selectNetwork(store, network)
  }
  const deps = {
    store,
    analytics: { track() {} },
    api: {
      rpc: async () => null,
      bundler: async () => null,
      getBalances: async () => [],
      getSupportedChains: async () => [],
    },
    projectId: 'p',
    connectors: wallets,
    notices: { showToast() {}, shake() {} },
    assertAllowed() {},
    switchNetwork,
    refreshBalance: async () => {},
  } as unknown as RpcHandlerDeps
  return { store, request: lazyRpcHandler(deps), switchNetwork }
}

describe("a host request keeps the chain and the wallet current when it arrived, while its handler's chunk loads", () => {
  it('a WalletConnect signature asked on eip155:1 is sent on eip155:1, though the page switched to 31337 after it', async () => {
    holdChunk()
    const sent: string[] = []
    const { store, request, switchNetwork } = setup((store) => {
      store.set(walletConnectApprovedAtom, ['eip155:1', 'eip155:31337'])
      store.set(accountsAtom, [account(WALLET_CONNECT_CONNECTOR_ID)])
      const client = {
        setEvents() {},
        request: async (_method: string, _params: unknown, chain: string) => {
          sent.push(chain)
          return '0xsig'
        },
      }
      return {
        walletConnect: createWalletConnectConnector({ store, client } as never),
      } as unknown as Connectors
    })
    const signed = request({ namespace: 'eip155', method: 'personal_sign', params: ['0x00', ADDRESS] })
    await switchNetwork('eip155:31337')
    expect(store.get(selectedNetworkIdAtom)).toBe('eip155:31337')
    release()
    await expect(signed).resolves.toBe('0xsig')
    expect(sent).toEqual(['eip155:1'])
  })

  it('an EIP-5792 call goes only to the wallet active when it arrived, not one that became active after', async () => {
    holdChunk()
    const asked: string[] = []
    const { store, request } = setup((store) => {
      store.set(accountsAtom, [account(WALLET_CONNECT_CONNECTOR_ID)])
      const connected = (id: string) => (namespace?: string) =>
        store
          .get(accountsAtom)
          .some((a) => a.connectorId === id && a.status === 'connected' && a.namespace === namespace)
      return {
        walletConnect: {
          owns: (id?: string) => id === WALLET_CONNECT_CONNECTOR_ID,
          isConnected: connected(WALLET_CONNECT_CONNECTOR_ID),
          approvesMethod: () => true,
          requestOn: async () => {
            asked.push('walletConnect')
            return {}
          },
        },
        embedded: {
          owns: (id?: string) => id === EMBEDDED_CONNECTOR_ID,
          isConnected: connected(EMBEDDED_CONNECTOR_ID),
          send: async () => {
            asked.push('embedded')
            return {}
          },
        },
      } as unknown as Connectors
    })
    const capabilities = request({ namespace: 'eip155', method: 'wallet_getCapabilities', params: [ADDRESS] })
    store.set(accountsAtom, [account(EMBEDDED_CONNECTOR_ID)])
    release()
    await capabilities
    // WalletConnect is no longer connected, so no wallet is asked: never the one active now.
    expect(asked).toEqual([])
  })
})
