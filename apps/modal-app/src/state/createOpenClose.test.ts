import { describe, expect, it } from 'vitest'
import { createStore, historyAtom, openAtom, sitePairingUriAtom } from './atoms.ts'
import { createOpenClose } from './createOpenClose.ts'

function setup({ isMobile = false } = {}) {
  const store = createStore()
  const tracked: string[] = []
  const { open, close } = createOpenClose({
    store,
    analytics: { track: (event) => tracked.push(event) },
    isMobile,
    shake: () => {},
    abortPending: () => {},
    switchNetwork: async () => {},
    refreshBalance: async () => {},
    preload: () => {},
  })
  return { store, open, close, tracked }
}

const uri = `wc:${'ab'.repeat(32)}@2?relay-protocol=irn&symKey=${'cd'.repeat(32)}`

describe("open({ uri }), AppKit's manual WalletConnect control", () => {
  it("shows the site's own pairing URI where manual control does, until the modal closes", async () => {
    const { store, open, close, tracked } = setup()
    await open({ uri })
    expect(store.get(historyAtom)).toEqual(['ConnectingWalletConnectBasic'])
    expect(store.get(sitePairingUriAtom)).toBe(uri)
    expect(close()).toBe(true)
    expect(store.get(openAtom)).toBe(false)
    expect(store.get(sitePairingUriAtom)).toBeUndefined()
    // An open without one shows the modal's own pairing again.
    await open({})
    expect(store.get(historyAtom)).toEqual(['Connect'])
    expect(store.get(sitePairingUriAtom)).toBeUndefined()
    expect(tracked).toEqual(['MODAL_OPEN', 'MODAL_CLOSE', 'MODAL_OPEN'])
  })

  it('on a phone, opens AllWallets, whose wallets link with that URI', async () => {
    const { store, open } = setup({ isMobile: true })
    await open({ uri })
    expect(store.get(historyAtom)).toEqual(['AllWallets'])
    expect(store.get(sitePairingUriAtom)).toBe(uri)
  })
})

describe('opening renders at once', () => {
  it('flips the view and the open state inside commitNow, and reports MODAL_OPEN only after', async () => {
    const store = createStore()
    const order: string[] = []
    const { open } = createOpenClose({
      store,
      analytics: { track: (event) => order.push(`track ${event}`) },
      isMobile: false,
      shake: () => {},
      abortPending: () => {},
      switchNetwork: async () => {},
      refreshBalance: async () => {},
      preload: () => {},
      commitNow: (update) => {
        order.push('commit start')
        update()
        order.push(`commit end: open ${store.get(openAtom)}, ${store.get(historyAtom).join()}`)
      },
    })
    await open({ view: 'SwitchNetwork' })
    expect(order).toEqual(['commit start', 'commit end: open true, SwitchNetwork', 'track MODAL_OPEN'])
  })
})
