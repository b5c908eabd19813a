import { describe, expect, it } from 'vitest'
import { createAppKit } from './createAppKit.ts'

describe('window.appkit', () => {
  const appkit = createAppKit('https://modal.test')

  it('exposes the reviewed method list (named as Reown AppKit)', () => {
    expect(Object.keys(appkit).sort()).toMatchInlineSnapshot(`
      [
        "addNetwork",
        "close",
        "disconnect",
        "getAccount",
        "getActiveChainNamespace",
        "getAddress",
        "getCaipAddress",
        "getCaipNetwork",
        "getCaipNetworkId",
        "getChainId",
        "getError",
        "getIsConnectedState",
        "getIsPaymentInProgress",
        "getPayError",
        "getPayResult",
        "getProvider",
        "getState",
        "getThemeMode",
        "getThemeVariables",
        "getWalletInfo",
        "getWalletProvider",
        "init",
        "isOpen",
        "open",
        "openPay",
        "pay",
        "removeNetwork",
        "setThemeMode",
        "setThemeVariables",
        "subscribeAccount",
        "subscribeEvents",
        "subscribeNetwork",
        "subscribeProviders",
        "subscribeState",
        "subscribeTheme",
        "subscribeWalletInfo",
        "switchNetwork",
      ]
    `)
  })

  it('answers state before init, without a frame', () => {
    expect(appkit.getState()).toEqual({
      initialized: false,
      open: false,
      loading: false,
      view: 'Connect',
      activeChain: undefined,
      selectedNetworkId: undefined,
    })
    expect(appkit.getAccount()).toEqual({
      allAccounts: [],
      caipAddress: undefined,
      address: undefined,
      isConnected: false,
      status: 'disconnected',
    })
  })

  it("throws 'Project ID Not Configured' and the siwx conflict synchronously", () => {
    expect(() => appkit.init({ projectId: '' })).toThrowError(
      expect.objectContaining({
        code: 'project_id_not_configured',
        shortMessage: 'Project ID Not Configured',
      }),
    )
    expect(() => appkit.init({ projectId: 'p', siwx: {}, siweConfig: {} })).toThrowError(
      expect.objectContaining({ code: 'config_conflict' }),
    )
  })

  it('rejects calls made before init with a typed error', async () => {
    await expect(appkit.open()).rejects.toMatchObject({ code: 'not_ready' })
  })

  it('unsubscribes', () => {
    const stop = appkit.subscribeState(() => {})
    expect(typeof stop).toBe('function')
    stop()
  })

  it('gives the EIP-1193 provider for eip155, the Solana provider for solana, none for the others', () => {
    expect(typeof appkit.getProvider('eip155').request).toBe('function')
    const solana = appkit.getProvider('solana')
    expect(solana.publicKey).toBeUndefined()
    expect(solana.isConnected).toBe(false)
    expect(Object.keys(solana).sort()).toMatchInlineSnapshot(`
      [
        "connect",
        "disconnect",
        "isConnected",
        "on",
        "publicKey",
        "removeListener",
        "sendTransaction",
        "signAllTransactions",
        "signAndSendTransaction",
        "signMessage",
        "signTransaction",
      ]
    `)
    expect(appkit.getProvider('polkadot')).toBeUndefined()
    expect(appkit.getProvider('solana')).toBe(solana)
  })
})
