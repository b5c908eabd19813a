import type { InitOptions, SiwxMessage, SiwxSession } from '@modalkit/protocol'
import { getNetwork } from '@modalkit/shared'
import { describe, expect, it, vi } from 'vitest'
import {
  accountsAtom,
  activeChainAtom,
  createStore,
  hasSessionAtom,
  historyAtom,
  hostOriginAtom,
  networksAtom,
  openAtom,
  optionsAtom,
  selectedNetworkIdAtom,
} from '../state/atoms.ts'
import { createSiwx } from './createSiwx.ts'
import type { SiwxAccount, SiwxVerifier } from './createVerifier.ts'
import { lastSiwxNetworkAtom, siwxFlowAtom } from './siwxAtoms.ts'

// Unit tests of the sign-in rules (SPEC §4): the verifier is an in-memory one of the same shape as a
// site's own (the API's verifier and the wallets' signing run in apps/api's tests and in e2e/siwx).
const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** The embedded wallet as the sign-in sees it: it signs at login, or wants its own approval. */
type AtLogin = (message: SiwxMessage) => Promise<string | undefined>

function setup(siwx: InitOptions['siwx'], sessions: SiwxSession[] = [], atLogin?: AtLogin) {
  const store = createStore()
  const calls: string[] = []
  const added: SiwxSession[] = []
  const verifier: SiwxVerifier = {
    createMessage: async () => ({ version: '1', nonce: 'abcdefgh1234', issuedAt: '2026-11-23T17:00:00Z' }),
    addSession: async (s) => {
      added.push(s)
    },
    getSessions: async (a: SiwxAccount) => {
      calls.push(`getSessions ${a.chainId}`)
      return sessions.filter((s) => s.data.chainId === a.chainId)
    },
    revokeSession: async (a) => {
      calls.push(`revoke ${a.chainId}`)
    },
  }
  const networks = ['eip155:31337', 'eip155:31338'].map((id) => getNetwork(id)).filter((n) => n !== undefined)
  store.set(networksAtom, networks)
  store.set(optionsAtom, { projectId: 'p', ...(siwx ? { siwx } : {}) })
  store.set(hostOriginAtom, 'https://shop.test')
  store.set(activeChainAtom, 'eip155')
  store.set(selectedNetworkIdAtom, 'eip155:31337')
  const close = vi.fn(() => true)
  const disconnect = vi.fn(async () => {})
  const switchNetwork = vi.fn(async (id: string) => {
    store.set(selectedNetworkIdAtom, id as 'eip155:1')
  })
  const siwxFlow = createSiwx({
    store,
    analytics: { track: () => {} },
    events: { emit: (event) => calls.push(event) },
    close,
    connectors: {
      injected: undefined,
      walletConnect: undefined,
      embedded: atLogin && { owns: (id: string | undefined) => id === 'AUTH', signInAtLogin: atLogin },
    } as never,
    host: () => undefined,
    verifier: () => verifier,
    disconnect,
    switchNetwork,
  })
  const connect = (connectorId?: string) =>
    store.set(accountsAtom, [
      {
        namespace: 'eip155',
        status: 'connected',
        address: ADDRESS,
        caipAddress: `eip155:31337:${ADDRESS}`,
        ...(connectorId ? { connectorId } : {}),
      },
    ])
  const settle = () => new Promise((r) => setTimeout(r, 10))
  return { store, siwx: siwxFlow, calls, added, close, disconnect, switchNetwork, connect, settle }
}

const session = (chainId: string): SiwxSession => ({
  data: {
    domain: 'shop.test',
    uri: 'https://shop.test',
    accountAddress: ADDRESS,
    chainId: chainId as 'eip155:1',
    version: '1',
    nonce: 'abcdefgh1234',
    issuedAt: '2026-11-23T17:00:00Z',
  },
  message: 'm',
  signature: '0x11',
})

describe('sign-in with X (SPEC §4)', () => {
  it('opens SIWXSignMessage after connecting when no session exists, and not when one does', async () => {
    const none = setup({})
    none.connect()
    await none.settle()
    expect(none.store.get(historyAtom)).toEqual(['SIWXSignMessage'])
    expect(none.store.get(openAtom)).toBe(true)

    const found = setup({}, [session('eip155:31337')])
    found.connect()
    await found.settle()
    expect(found.store.get(openAtom)).toBe(false)
    expect(found.store.get(hasSessionAtom)).toBe(true)
    expect(found.store.get(lastSiwxNetworkAtom)).toBe('eip155:31337')
  })

  it('does nothing without siwx, and Sign then says so in SPEC §8 words', async () => {
    const off = setup(undefined)
    off.connect()
    await off.settle()
    expect(off.calls).toEqual([])
    await off.siwx.sign()
    expect(off.store.get(siwxFlowAtom)).toEqual({ step: 'error', error: 'SIWX is not enabled' })
  })

  it('Sign without a connected account or on an unconfigured network raises their SPEC §8 errors', async () => {
    const t = setup({})
    await t.siwx.sign()
    expect(t.store.get(siwxFlowAtom).error).toBe('No ActiveCaipAddress found')
    t.connect()
    t.store.set(selectedNetworkIdAtom, 'eip155:10')
    await t.siwx.sign()
    expect(t.store.get(siwxFlowAtom).error).toBe('No ActiveCaipNetwork or client found')
  })

  it("no wallet client: 'No ConnectionController client found', before a nonce is spent; a wallet that fails: 'Error signing message'", async () => {
    const none = setup({})
    none.connect()
    await none.settle()
    await none.siwx.sign()
    expect(none.store.get(siwxFlowAtom).error).toBe('No ConnectionController client found')

    const failing = setup({}, [], async () => undefined)
    failing.connect('AUTH')
    await failing.settle()
    await failing.siwx.sign()
    expect(failing.store.get(siwxFlowAtom).error).toBe('Error signing message')
    expect(failing.calls).toContain('SIWX_AUTH_ERROR')
  })

  it('cancel: closes without required; with required, back to the last signed-in network, else disconnect', async () => {
    const optional = setup({})
    optional.connect()
    await optional.settle()
    await optional.siwx.cancel()
    expect(optional.close).toHaveBeenCalled()
    expect(optional.disconnect).not.toHaveBeenCalled()

    const back = setup({ required: true }, [session('eip155:31337')])
    back.connect()
    await back.settle()
    back.store.set(selectedNetworkIdAtom, 'eip155:31338')
    await back.settle()
    expect(back.store.get(historyAtom)).toEqual(['SIWXSignMessage'])
    await back.siwx.cancel()
    expect(back.switchNetwork).toHaveBeenCalledWith('eip155:31337')
    expect(back.disconnect).not.toHaveBeenCalled()

    const out = setup({ required: true })
    out.connect()
    await out.settle()
    await out.siwx.cancel()
    expect(out.disconnect).toHaveBeenCalledWith('eip155')
  })

  it('a disconnect revokes the sessions found while connected', async () => {
    const t = setup({}, [session('eip155:31337')])
    t.connect()
    await t.settle()
    t.store.set(accountsAtom, [{ namespace: 'eip155', status: 'disconnected' }])
    await t.settle()
    expect(t.calls).toContain('revoke eip155:31337')
  })

  it('the embedded wallet signs at login: one approval, no SIWXSignMessage, the session stored for this site', async () => {
    const asked: SiwxMessage[] = []
    const t = setup({}, [], async (message) => {
      asked.push(message)
      return '0xabcdef'
    })
    t.connect('AUTH')
    await t.settle()
    expect(asked).toEqual([
      expect.objectContaining({ domain: 'shop.test', uri: 'https://shop.test', accountAddress: ADDRESS }),
    ])
    expect(t.added).toEqual([expect.objectContaining({ signature: '0xabcdef', data: asked[0] })])
    expect(t.added[0]?.message).toContain('shop.test wants you to sign in')
    expect(t.store.get(historyAtom)).not.toContain('SIWXSignMessage')
    expect(t.store.get(hasSessionAtom)).toBe(true)
    expect(t.calls).toContain('SIWX_AUTH_SUCCESS')
  })

  it('when the wallet wants its own approval (no login in this turn) or fails, SIWXSignMessage opens', async () => {
    for (const atLogin of [async () => undefined, async () => Promise.reject(new Error('frame gone'))]) {
      const t = setup({}, [], atLogin)
      vi.spyOn(console, 'error').mockImplementation(() => {})
      t.connect('AUTH')
      await t.settle()
      expect(t.added).toEqual([])
      expect(t.store.get(historyAtom)).toEqual(['SIWXSignMessage'])
      expect(t.store.get(hasSessionAtom)).toBe(false)
    }
  })
})
