import {
  type BitcoinWallet,
  type BitcoinWalletRequest,
  ChainNotSupportedError,
  type HostClient,
  type ProjectConfig,
  UserRejectedRequestError,
} from '@modalkit/protocol'
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
const MAINNET = 'bip122:000000000019d6689c085ae165831e93'
const TESTNET = 'bip122:000000000933ea01ad0ee984209779ba'
const ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'
const OTHER = 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3'
const TESTNET_ADDRESS = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx'
const wallet: BitcoinWallet = {
  id: 'sats-connect:Test.BitcoinProvider',
  name: 'Test Sats',
  kind: 'sats-connect',
}

function setup(hostImpl: Partial<Record<keyof HostClient, (...args: never[]) => Promise<unknown>>> = {}) {
  const store = createStore()
  store.set(hostOriginAtom, 'https://shop.test')
  const requests: BitcoinWalletRequest[] = []
  const host = {
    stateChanged: vi.fn(async () => undefined),
    emitEvent: vi.fn(async () => undefined),
    restoreInjected: vi.fn(async () => undefined),
    restoreBitcoinWallet: vi.fn(async () => undefined),
    releaseBitcoinWallet: vi.fn(async () => undefined),
    connectBitcoinWallet: vi.fn(async () => ({ accounts: [{ address: ADDRESS }] })),
    bitcoinWalletRequest: vi.fn(async (request: BitcoinWalletRequest) => {
      requests.push(request)
      return { address: ADDRESS, signature: 'ab'.repeat(65) }
    }),
    disconnectBitcoinWallet: vi.fn(async () => undefined),
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
  const start = async (networks = ['eip155:31337', MAINNET]) => {
    await controller.handlers.init({ projectId: 'p', networks })
    await controller.handlers.bitcoinWalletsChanged([wallet])
    await controller.handlers.open(undefined)
  }
  const bitcoin = () => controller.snapshot().accounts.find((a) => a.namespace === 'bip122')
  return { store, controller, host, requests, start, bitcoin }
}

describe('a Bitcoin browser wallet of the host page', () => {
  it('connects through the loader: the payment address on its network, bip122 active, the modal closed', async () => {
    const { controller, store, start, bitcoin, host } = setup()
    await start()
    await controller.connectBitcoinWallet(wallet.id)
    expect(host.connectBitcoinWallet).toHaveBeenCalledWith({ id: wallet.id })
    expect(bitcoin()).toEqual({
      namespace: 'bip122',
      status: 'connected',
      address: ADDRESS,
      caipAddress: `${MAINNET}:${ADDRESS}`,
      type: 'eoa',
      connectorId: `BITCOIN_ANNOUNCED:${wallet.id}`,
    })
    expect(controller.snapshot()).toMatchObject({ activeChain: 'bip122', selectedNetworkId: MAINNET })
    expect(store.get(openAtom)).toBe(false)
  })

  it('refuses a wallet whose address is of a network the site did not configure, and lets it go', async () => {
    const { controller, store, start, bitcoin, host } = setup({
      connectBitcoinWallet: async () => ({ accounts: [{ address: TESTNET_ADDRESS }] }),
    })
    await start()
    await controller.connectBitcoinWallet(wallet.id)
    expect(bitcoin()?.status).toBe('disconnected')
    expect(host.disconnectBitcoinWallet).toHaveBeenCalled()
    expect(store.get(historyAtom).at(-1)).toBe('ConnectingExternal')
    expect(store.get(connectingWalletAtom)).toMatchObject({ bitcoin: true, error: 'Failed to connect' })
  })

  it("shows 'Connection rejected' with the Bitcoin retry when its user declines", async () => {
    const { controller, store, start } = setup({
      connectBitcoinWallet: async () => {
        throw new UserRejectedRequestError()
      },
    })
    await start()
    await controller.connectBitcoinWallet(wallet.id)
    expect(store.get(connectingWalletAtom)).toEqual({
      wallet: { uuid: wallet.id, name: wallet.name, icon: undefined },
      bitcoin: true,
      error: 'Connection rejected',
    })
  })

  it("routes the site's bip122 requests to it, parsed and with its account filled in; bad params never reach it", async () => {
    const { controller, start, requests } = setup()
    await start()
    await controller.connectBitcoinWallet(wallet.id)
    const reply = await controller.handlers.request({
      namespace: 'bip122',
      method: 'signMessage',
      params: { message: 'hi', protocol: 'bip322' },
    })
    expect(reply).toEqual({ address: ADDRESS, signature: 'ab'.repeat(65) })
    expect(requests).toEqual([
      { method: 'signMessage', params: { message: 'hi', protocol: 'bip322', account: ADDRESS } },
    ])
    await expect(
      controller.handlers.request({
        namespace: 'bip122',
        method: 'signPsbt',
        params: { psbt: 'x', signInputs: [] },
      }),
    ).rejects.toMatchObject({ shortMessage: 'Invalid signPsbt params' })
    await expect(
      controller.handlers.request({
        namespace: 'bip122',
        method: 'signMessage',
        params: { message: 'hi', address: OTHER },
      }),
    ).rejects.toMatchObject({ shortMessage: 'Invalid signMessage reply' })
    expect(requests).toHaveLength(2)
  })

  it('follows its events: another address moves the account, none disconnects it', async () => {
    const { controller, start, bitcoin, host } = setup()
    await start()
    await controller.connectBitcoinWallet(wallet.id)
    await controller.handlers.bitcoinWalletEvent({ type: 'accountsChanged', accounts: [{ address: OTHER }] })
    expect(bitcoin()).toMatchObject({ status: 'connected', caipAddress: `${MAINNET}:${OTHER}` })
    await controller.handlers.bitcoinWalletEvent({ type: 'disconnect' })
    expect(bitcoin()?.status).toBe('disconnected')
    expect(host.disconnectBitcoinWallet).toHaveBeenCalled()
  })

  it('asks the loader to move the wallet to another network: its address there becomes the account; a refusal leaves both', async () => {
    const switching = vi.fn(async () => ({ accounts: [{ address: TESTNET_ADDRESS }] }))
    const { controller, start, bitcoin } = setup({ switchBitcoinWalletNetwork: switching })
    await start(['eip155:31337', MAINNET, TESTNET])
    await controller.connectBitcoinWallet(wallet.id)
    await controller.handlers.switchNetwork(TESTNET)
    expect(switching).toHaveBeenCalledWith({ caipNetworkId: TESTNET })
    expect(bitcoin()).toMatchObject({ status: 'connected', caipAddress: `${TESTNET}:${TESTNET_ADDRESS}` })
    expect(controller.snapshot().selectedNetworkId).toBe(TESTNET)

    const refusing = vi.fn(async () => {
      throw new ChainNotSupportedError(TESTNET)
    })
    const other = setup({ switchBitcoinWalletNetwork: refusing })
    await other.start(['eip155:31337', MAINNET, TESTNET])
    await other.controller.connectBitcoinWallet(wallet.id)
    await expect(other.controller.handlers.switchNetwork(TESTNET)).rejects.toMatchObject({
      shortMessage: 'Chain is not supported',
    })
    expect(other.bitcoin()).toMatchObject({ caipAddress: `${MAINNET}:${ADDRESS}` })
    expect(other.controller.snapshot().selectedNetworkId).toBe(MAINNET)
  })

  it('is connected again on the next visit from what the loader restored, without a view or a network change', async () => {
    const restoreBitcoinWallet = vi.fn(async () => ({ wallet, accounts: [{ address: ADDRESS }] }))
    const { controller, store, bitcoin } = setup({ restoreBitcoinWallet })
    await controller.handlers.init({ projectId: 'p', networks: ['eip155:31337', MAINNET] })
    await vi.waitFor(() => expect(bitcoin()?.status).toBe('connected'))
    expect(bitcoin()).toMatchObject({
      caipAddress: `${MAINNET}:${ADDRESS}`,
      connectorId: `BITCOIN_ANNOUNCED:${wallet.id}`,
    })
    // The site's EVM network stays selected; nothing opened.
    expect(controller.snapshot()).toMatchObject({ activeChain: 'eip155', selectedNetworkId: 'eip155:31337' })
    expect(store.get(openAtom)).toBe(false)
    expect(restoreBitcoinWallet).toHaveBeenCalledTimes(1)
  })

  it("selects the restored address's network on a Bitcoin site; one on a network it lacks is let go without asking the wallet to disconnect", async () => {
    const onTestnet = setup({
      restoreBitcoinWallet: async () => ({ wallet, accounts: [{ address: TESTNET_ADDRESS }] }),
    })
    await onTestnet.controller.handlers.init({ projectId: 'p', networks: [MAINNET, TESTNET] })
    await vi.waitFor(() => expect(onTestnet.bitcoin()?.status).toBe('connected'))
    expect(onTestnet.controller.snapshot().selectedNetworkId).toBe(TESTNET)

    const mainnetOnly = setup({
      restoreBitcoinWallet: async () => ({ wallet, accounts: [{ address: TESTNET_ADDRESS }] }),
    })
    await mainnetOnly.controller.handlers.init({ projectId: 'p', networks: [MAINNET] })
    await vi.waitFor(() => expect(mainnetOnly.host.releaseBitcoinWallet).toHaveBeenCalled())
    expect(mainnetOnly.host.disconnectBitcoinWallet).not.toHaveBeenCalled()
    expect(mainnetOnly.bitcoin()?.status).not.toBe('connected')
  })

  it("does not ask the loader with AppKit's enableReconnect: false", async () => {
    const restoreBitcoinWallet = vi.fn(async () => ({ wallet, accounts: [{ address: ADDRESS }] }))
    const { controller, bitcoin } = setup({ restoreBitcoinWallet })
    await controller.handlers.init({ projectId: 'p', networks: [MAINNET], enableReconnect: false })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(restoreBitcoinWallet).not.toHaveBeenCalled()
    expect(bitcoin()?.status).not.toBe('connected')
  })
})
