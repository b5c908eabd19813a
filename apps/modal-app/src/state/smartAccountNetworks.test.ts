import { EMBEDDED_CONNECTOR_ID } from '@modalkit/protocol'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { keptStorage } from '../../test/keptStorage.ts'
import { stubApiClient } from '../../test/stubApiClient.ts'
import { STUB_CONFIG as config } from '../../test/stubController.ts'
import type { FrameClient } from '../connectors/embedded/createFrameClient.ts'
import { EMBEDDED_KEYS } from '../connectors/embedded/embeddedStorage.ts'
import { createMemoryStorage } from '../env/createMemoryStorage.ts'
import { accountsAtom, createStore, hostOriginAtom } from './atoms.ts'
import { createController } from './createController.ts'
import {
  readSmartAccountNetworks,
  SMART_ACCOUNT_NETWORKS_KEY,
  smartAccountNetworksAtom,
  writeSmartAccountNetworks,
} from './smartAccountNetworks.ts'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const USER = {
  email: 'ana@example.test',
  address: ADDRESS,
  chainId: 31337,
  accounts: [{ namespace: 'eip155', address: ADDRESS, type: 'eoa' }],
}

/**
 * The secure frame of a kept login: it has the session; its answer of the smart-account networks is
 * given (`networks`), or it never comes (`undefined`: the frame is still busy on this page load).
 */
function fakeFrame(networks: string[] | undefined) {
  return {
    ready: Promise.resolve(),
    request: async (type: string) => {
      if (type === 'IS_CONNECTED') return { isConnected: true }
      if (type === 'GET_USER') return USER
      if (type === 'GET_SMART_ACCOUNT_ENABLED_NETWORKS')
        return networks ? { networks } : new Promise(() => {})
      return {}
    },
  } as unknown as FrameClient
}

/** A page load of the modal over the kept storage: init, and the kept login restored. */
async function load(frame: FrameClient) {
  const store = createStore()
  store.set(hostOriginAtom, 'https://shop.test')
  const controller = createController({
    store,
    api: stubApiClient({ getProjectConfig: async () => config }),
    projectId: 'p',
    config: Promise.resolve(config),
    isMobile: false,
    emit: () => {},
    loadFrame: async () => () => frame,
  })
  await controller.handlers.init({
    projectId: 'p',
    enableEmbedded: true,
    networks: ['eip155:31337', 'eip155:31338'],
  })
  const embedded = () => store.get(accountsAtom).find((a) => a.connectorId === EMBEDDED_CONNECTOR_ID)
  return { store, embedded }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the smart-account networks (SPEC §3 local storage)', () => {
  it("are kept under SPEC's key from the frame's answer, and a reload knows them before the frame answers again", async () => {
    const kept = keptStorage([[EMBEDDED_KEYS.loginUsed, 'true']])
    const first = await load(fakeFrame(['eip155:31337']))
    await vi.waitFor(() => expect(first.embedded()).toMatchObject({ status: 'connected' }))
    expect(first.store.get(smartAccountNetworksAtom)).toEqual(['eip155:31337'])
    expect(SMART_ACCOUNT_NETWORKS_KEY).toBe('@appkit-wallet/SMART_ACCOUNT_ENABLED_NETWORKS')
    expect(JSON.parse(kept.get(SMART_ACCOUNT_NETWORKS_KEY) ?? 'null')).toEqual(['eip155:31337'])

    // Reloaded: the frame has not answered yet, and the modal already knows them.
    const second = await load(fakeFrame(undefined))
    expect(second.store.get(smartAccountNetworksAtom)).toEqual(['eip155:31337'])

    // A later answer replaces them, in the store and in storage.
    const third = await load(fakeFrame(['eip155:31338']))
    await vi.waitFor(() => expect(third.store.get(smartAccountNetworksAtom)).toEqual(['eip155:31338']))
    expect(JSON.parse(kept.get(SMART_ACCOUNT_NETWORKS_KEY) ?? 'null')).toEqual(['eip155:31338'])
  })

  it('read anything malformed as none, and round-trip a list of CAIP-2 ids', () => {
    const storage = createMemoryStorage()
    expect(readSmartAccountNetworks(storage)).toEqual([])
    writeSmartAccountNetworks(storage, ['eip155:1', 'eip155:137'])
    expect(readSmartAccountNetworks(storage)).toEqual(['eip155:1', 'eip155:137'])
    for (const bad of ['not json', '{"eip155":1}', '"eip155:1"', 'null'])
      expect(readSmartAccountNetworks({ getItem: () => bad } as unknown as Storage)).toEqual([])
    // Entries that are not network ids are dropped, the others kept.
    storage.setItem(SMART_ACCOUNT_NETWORKS_KEY, '["eip155:1", 7, "<img>", "solana:x"]')
    expect(readSmartAccountNetworks(storage)).toEqual(['eip155:1', 'solana:x'])
    expect(readSmartAccountNetworks(undefined)).toEqual([])
  })
})
