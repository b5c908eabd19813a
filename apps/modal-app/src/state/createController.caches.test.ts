import type { HostClient, ProjectConfig } from '@modalkit/protocol'
import { describe, expect, it, vi } from 'vitest'
import { stubApiClient } from '../../test/stubApiClient.ts'
import { createStore, hostOriginAtom } from './atoms.ts'
import { createController } from './createController.ts'

// SPEC §9 cache lifetimes through the controller: what each open of Account asks the API (the native
// balance on open, the tokens and the identity as the view mounts), on a recording stand-in API and a
// browser wallet of the host page; the clock is the test's.
const config: ProjectConfig = {
  projectId: 'p',
  name: 'Shop',
  allowedOrigins: ['https://shop.test'],
  features: {},
}
const wallet = { uuid: 'u1', name: 'Test Wallet', rdns: 'test.wallet' }
const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const HASH = `0x${'ab'.repeat(32)}`

function setup() {
  const store = createStore()
  store.set(hostOriginAtom, 'https://shop.test')
  let clock = 1_000_000
  const asked = { balance: 0, tokens: 0, identity: 0, forced: 0 }
  const host = {
    stateChanged: async () => undefined,
    emitEvent: async () => undefined,
    connectInjected: async () => ({ accounts: [ADDRESS], chainId: '0x7a69' }),
    injectedRequest: async ({ method }: { method: string }) =>
      method === 'eth_sendTransaction' ? HASH : null,
    disconnectInjected: async () => undefined,
    restoreInjected: async () => undefined,
  } as unknown as HostClient
  const api = stubApiClient({
    getProjectConfig: async () => config,
    rpc: async (_p, _chain, method) => {
      if (method === 'eth_getBalance') asked.balance++
      return '0x1'
    },
    getSupportedChains: async () => ['eip155:31337'],
    getBalances: async (_p, query) => {
      asked.tokens++
      if (query.forceUpdate) asked.forced++
      return []
    },
    getIdentity: async () => {
      asked.identity++
      return { name: null, avatar: null }
    },
  })
  const controller = createController({
    store,
    api,
    projectId: 'p',
    config: Promise.resolve(config),
    isMobile: false,
    emit: () => {},
    host: () => host,
    now: () => clock,
  })
  /** Opens Account as the user does: the open reads the balance, the view its tokens and identity. */
  const openAccount = async () => {
    await controller.handlers.open({ view: 'Account' })
    await Promise.all([controller.actions.accountData.loadTokens(), controller.actions.refreshProfileName()])
    await new Promise((resolve) => setTimeout(resolve, 20))
    controller.close()
  }
  const connect = async () => {
    await controller.handlers.init({ projectId: 'p', networks: ['eip155:31337'] })
    await controller.handlers.walletsChanged([wallet])
    await controller.handlers.open(undefined)
    await controller.connectInjected('u1')
    await new Promise((resolve) => setTimeout(resolve, 20))
    Object.assign(asked, { balance: 0, tokens: 0, identity: 0, forced: 0 })
  }
  const tick = (ms: number) => {
    clock += ms
  }
  return { controller, asked, openAccount, connect, tick }
}

describe('Account opened again (SPEC §9 caches)', () => {
  it('within 30 s asks nothing again; after 30 s the balances; after 5 min the identity', async () => {
    const { asked, openAccount, connect, tick } = setup()
    await connect()
    await openAccount()
    expect(asked).toEqual({ balance: 1, tokens: 1, identity: 1, forced: 0 })
    tick(29_000)
    await openAccount()
    expect(asked).toEqual({ balance: 1, tokens: 1, identity: 1, forced: 0 })
    tick(1_000)
    await openAccount()
    expect(asked).toEqual({ balance: 2, tokens: 2, identity: 1, forced: 0 })
    tick(270_000)
    await openAccount()
    expect(asked).toEqual({ balance: 3, tokens: 3, identity: 2, forced: 0 })
  })

  it("reads the balances anew after the user's own transaction, fresh or not", async () => {
    const { controller, asked, openAccount, connect } = setup()
    await connect()
    await openAccount()
    expect(asked).toMatchObject({ balance: 1, tokens: 1 })
    const hash = await controller.handlers.request({
      namespace: 'eip155',
      method: 'eth_sendTransaction',
      params: [{ from: ADDRESS, to: ADDRESS, value: '0x1' }],
    })
    expect(hash).toBe(HASH)
    await vi.waitFor(() => expect(asked.balance).toBe(2))
    await openAccount()
    expect(asked).toEqual({ balance: 2, tokens: 2, identity: 1, forced: 1 })
  })
})
