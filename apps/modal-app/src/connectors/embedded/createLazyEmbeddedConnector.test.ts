import { EMBEDDED_CONNECTOR_ID } from '@modalkit/protocol'
import { describe, expect, it, vi } from 'vitest'
import { accountsAtom, createStore, optionsAtom } from '../../state/atoms.ts'
import type { EmbeddedConnector } from './createEmbeddedConnector.ts'
import { createLazyEmbeddedConnector } from './createLazyEmbeddedConnector.ts'
import { EMBEDDED_KEYS } from './embeddedStorage.ts'

/** A storage holding `values`, as the modal's localStorage would. */
function storageOf(values: Record<string, string>): Storage {
  const kept = new Map(Object.entries(values))
  return { getItem: (key: string) => kept.get(key) ?? null } as unknown as Storage
}

/** The loaded connector's stand-in: only what a test calls exists; the rest would throw. */
function loadedWith(methods: Partial<EmbeddedConnector>): EmbeddedConnector {
  return methods as EmbeddedConnector
}

const notLoaded = () => Promise.reject(new Error('the code was loaded'))

describe('the embedded wallet before its code is loaded (a chunk of its own)', () => {
  it('answers whose account, whether connected and its name without loading anything', () => {
    const store = createStore()
    const load = vi.fn(notLoaded)
    const storage = storageOf({ [EMBEDDED_KEYS.email]: 'ana@example.test' })
    const embedded = createLazyEmbeddedConnector({ store, storage }, load)

    expect(embedded.owns(EMBEDDED_CONNECTOR_ID)).toBe(true)
    expect(embedded.owns('walletConnect')).toBe(false)
    expect(embedded.isConnected()).toBe(false)
    store.set(accountsAtom, [
      { namespace: 'eip155', status: 'connected', address: '0x1', connectorId: EMBEDDED_CONNECTOR_ID },
    ])
    expect(embedded.isConnected('eip155')).toBe(true)
    expect(embedded.isConnected('solana')).toBe(false)
    expect(embedded.describe(EMBEDDED_CONNECTOR_ID)).toEqual({ name: 'ana@example.test' })
    expect(embedded.email()).toBe('ana@example.test')
    embedded.abortPending()
    expect(load).not.toHaveBeenCalled()
  })

  it('restores only a kept login, and loads the code for it then', async () => {
    const store = createStore()
    const fresh = vi.fn(notLoaded)
    await createLazyEmbeddedConnector({ store, storage: storageOf({}) }, fresh).restore()
    expect(fresh).not.toHaveBeenCalled()

    const restore = vi.fn(async () => {})
    const kept = vi.fn(async () => loadedWith({ restore }))
    const storage = storageOf({ [EMBEDDED_KEYS.loginUsed]: 'true' })
    await createLazyEmbeddedConnector({ store, storage }, kept).restore()
    expect(kept).toHaveBeenCalledTimes(1)
    expect(restore).toHaveBeenCalledTimes(1)
  })

  it('loads the code once for calls made together, and passes arguments and answers through', async () => {
    const submitOtp = vi.fn(async (_otp: string) => {})
    const connectEmail = vi.fn(async (_email: string) => {})
    const load = vi.fn(async () => loadedWith({ submitOtp, connectEmail, abortPending: vi.fn() }))
    const embedded = createLazyEmbeddedConnector({ store: createStore(), storage: undefined }, load)

    await Promise.all([embedded.connectEmail('ana@example.test'), embedded.submitOtp('123456')])
    expect(load).toHaveBeenCalledTimes(1)
    expect(connectEmail).toHaveBeenCalledWith('ana@example.test')
    expect(submitOtp).toHaveBeenCalledWith('123456')
  })

  it('passes a failure of the loaded code on, and loads again after the chunk could not be fetched', async () => {
    const rotateRecovery = vi.fn(async () => {
      throw new Error('the frame refused')
    })
    const load = vi
      .fn<() => Promise<EmbeddedConnector>>()
      .mockRejectedValueOnce(new Error('chunk unreachable'))
      .mockResolvedValue(loadedWith({ rotateRecovery }))
    const embedded = createLazyEmbeddedConnector({ store: createStore(), storage: undefined }, load)

    await expect(embedded.rotateRecovery()).rejects.toThrow('chunk unreachable')
    await expect(embedded.rotateRecovery()).rejects.toThrow('the frame refused')
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('preloads the code and the frame when opening only with e-mail or socials on', async () => {
    const store = createStore()
    store.set(optionsAtom, { projectId: 'p', features: { email: false, socials: false } })
    const preload = vi.fn()
    const load = vi.fn(async () => loadedWith({ preload }))
    const embedded = createLazyEmbeddedConnector({ store, storage: undefined }, load)
    embedded.preload()
    expect(load).not.toHaveBeenCalled()

    store.set(optionsAtom, { projectId: 'p', features: { email: true, socials: false } })
    embedded.preload()
    await vi.waitFor(() => expect(preload).toHaveBeenCalledTimes(1))
    expect(load).toHaveBeenCalledTimes(1)
  })

  it("opens the social login's popup in the call, before the code is awaited, and hands it over", async () => {
    const popup = { close: vi.fn() } as unknown as Window
    const open = vi.fn(() => popup)
    vi.stubGlobal('window', { open })
    vi.stubGlobal('screen', { width: 1280, height: 800 })
    try {
      let arrive: (c: EmbeddedConnector) => void = () => {}
      const load = vi.fn(() => new Promise<EmbeddedConnector>((resolve) => (arrive = resolve)))
      const connectSocial = vi.fn(async (_provider: string, _popup?: Window | null) => {})
      const embedded = createLazyEmbeddedConnector({ store: createStore(), storage: undefined }, load)
      const connecting = embedded.connectSocial('github')
      // In the click's turn: a popup blocker lets it through only there.
      expect(open).toHaveBeenCalledTimes(1)
      arrive(loadedWith({ connectSocial }))
      await connecting
      expect(connectSocial).toHaveBeenCalledWith('github', popup)

      // The code never arrives: the blank popup does not stay behind.
      const failing = createLazyEmbeddedConnector({ store: createStore(), storage: undefined }, notLoaded)
      await expect(failing.connectSocial('google')).rejects.toThrow('the code was loaded')
      expect(popup.close).toHaveBeenCalledTimes(1)
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
