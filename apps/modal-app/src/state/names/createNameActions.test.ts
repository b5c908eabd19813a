import {
  coinTypeForChain,
  type HostClient,
  injectedConnectorId,
  type RegisterNameBody,
} from '@modalkit/protocol'
import { getNetwork } from '@modalkit/shared'
import { hexToString, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import type { Connectors } from '../../connectors/registry.ts'
import { es } from '../../i18n/es.ts'
import {
  accountsAtom,
  activeChainAtom,
  catalogueAtom,
  createStore,
  historyAtom,
  localeAtom,
  networksAtom,
  selectedNetworkIdAtom,
} from '../atoms.ts'
import { createNameActions, nameFlowAtom, toNameLabel } from './createNameActions.ts'
import { profileNameAtom } from './profileName.ts'

// The registration flow's rules. The browser wallet is a real signer (viem's local account: the
// signature is real EIP-191 and checked here); the HTTP API is a recording stand-in, as its real path
// (PGlite, anvil) runs in apps/api's routeNames.test.ts and e2e/names.spec.ts.
const wallet = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const NOW = Date.parse('2026-11-23T17:00:00.000Z')

function setup({ refuse = false } = {}) {
  const store = createStore()
  const network = getNetwork('eip155:31337')!
  store.set(networksAtom, [network])
  store.set(selectedNetworkIdAtom, 'eip155:31337')
  store.set(activeChainAtom, 'eip155')
  store.set(historyAtom, ['Account', 'RegisterAccountName'])
  store.set(accountsAtom, [
    {
      namespace: 'eip155',
      status: 'connected',
      address: wallet.address,
      caipAddress: `eip155:31337:${wallet.address}`,
      connectorId: injectedConnectorId({ rdns: 'test.wallet' }),
    },
  ])
  const sent: RegisterNameBody[] = []
  const host = {
    injectedRequest: async ({ method, params }: { method: string; params: unknown[] }) => {
      if (refuse) throw new Error('User rejected the request.')
      expect(method).toBe('personal_sign')
      return wallet.signMessage({ message: hexToString(params[0] as `0x${string}`) })
    },
  } as unknown as HostClient
  const actions = createNameActions({
    store,
    api: {
      getNameSuggestions: async () => [],
      registerName: async (_projectId, body) => {
        sent.push(body)
      },
    },
    projectId: 'p',
    connectors: { injected: { owns: () => true } } as unknown as Connectors,
    host: () => host,
    now: () => NOW,
  })
  return { store, actions, sent }
}

describe('RegisterAccountName', () => {
  it('has the browser wallet sign Reown’s message, registers it, and shows the name', async () => {
    const { store, actions, sent } = setup()
    await actions.register('alice')
    expect(store.get(nameFlowAtom)).toEqual({ step: 'done', name: 'alice.reown.id' })
    expect(sent).toHaveLength(1)
    const body = sent[0]!
    expect(JSON.parse(body.message)).toEqual({
      name: 'alice.reown.id',
      attributes: {},
      timestamp: NOW / 1000,
    })
    expect(body.coin_type).toBe(coinTypeForChain(31337))
    expect(
      await verifyMessage({
        address: wallet.address,
        message: body.message,
        signature: body.signature as `0x${string}`,
      }),
    ).toBe(true)
    expect(store.get(profileNameAtom)).toEqual({
      caipAddress: `eip155:31337:${wallet.address}`,
      name: 'alice.reown.id',
      avatar: null,
    })
    expect(store.get(historyAtom)).toEqual(['Account', 'RegisterAccountNameSuccess'])
  })

  it('stops at a refused signature: nothing registered, the error shown', async () => {
    const { store, actions, sent } = setup({ refuse: true })
    await actions.register('alice')
    expect(sent).toEqual([])
    expect(store.get(nameFlowAtom)).toEqual({
      step: 'error',
      name: 'alice.reown.id',
      message: 'Error signing message',
    })
    expect(store.get(profileNameAtom)).toBeUndefined()
  })

  it("refuses a name that is not a label, in the user's language", async () => {
    const { store, actions, sent } = setup()
    store.set(localeAtom, 'es')
    store.set(catalogueAtom, es)
    await actions.register('ab')
    expect(sent).toEqual([])
    expect(store.get(nameFlowAtom)).toEqual({
      step: 'error',
      name: 'ab.reown.id',
      message: 'Nombre no válido',
    })
  })

  it('reads typed names as labels', () => {
    expect(toNameLabel('Alice.reown.id')).toBe('alice')
    expect(toNameLabel('a_b')).toBeUndefined()
    expect(toNameLabel('ab')).toBeUndefined()
  })
})
