import { hostSnapshotSchema } from '@modalkit/protocol'
import { describe, expect, it } from 'vitest'
import {
  accountsAtom,
  activeChainAtom,
  createStore,
  historyAtom,
  networksAtom,
  optionsAtom,
  projectConfigAtom,
  selectedNetworkIdAtom,
} from './atoms.ts'
import { activeAccountAtom, closeDisabledAtom, featuresAtom, selectedNetworkAtom } from './derivedAtoms.ts'
import { hostSnapshotAtom } from './hostSnapshotAtom.ts'
import { profileNameAtom } from './names/profileName.ts'
import { nativeBalanceAtom } from './nativeBalance.ts'
import { resolveNetworks } from './resolveNetworks.ts'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

function setup() {
  const store = createStore()
  store.set(networksAtom, resolveNetworks({ projectId: 'p', networks: ['eip155:1', 'eip155:31337'] }))
  store.set(selectedNetworkIdAtom, 'eip155:31337')
  store.set(activeChainAtom, 'eip155')
  store.set(accountsAtom, [
    { namespace: 'eip155', status: 'connected', address: ADDRESS, caipAddress: `eip155:31337:${ADDRESS}` },
  ])
  return store
}

describe('derived atoms', () => {
  it('give the selected network and the active account', () => {
    const store = setup()
    expect(store.get(selectedNetworkAtom)?.id).toBe(31337)
    expect(store.get(activeAccountAtom)?.address).toBe(ADDRESS)
    store.set(selectedNetworkIdAtom, 'eip155:5')
    expect(store.get(selectedNetworkAtom)).toBeUndefined()
  })

  it('merge the remote features over the local ones, and basic mode turns remote features off', () => {
    const store = setup()
    store.set(optionsAtom, { projectId: 'p', features: { swaps: true } })
    store.set(projectConfigAtom, {
      projectId: 'p',
      name: 'Shop',
      allowedOrigins: [],
      features: { swaps: false },
    })
    expect(store.get(featuresAtom).swaps).toBe(false)
    store.set(optionsAtom, { projectId: 'p', basic: true })
    expect(store.get(featuresAtom).email).toBe(false)
  })

  it('disable closing on ApproveTransaction only while sign-in is required', () => {
    const store = setup()
    store.set(historyAtom, ['Connect', 'ApproveTransaction'])
    expect(store.get(closeDisabledAtom)).toBe(false)
    store.set(optionsAtom, { projectId: 'p', siwx: { required: true } })
    expect(store.get(closeDisabledAtom)).toBe(true)
  })

  it('put the balance read for the active account into the host snapshot', () => {
    const store = setup()
    const before = store.get(hostSnapshotAtom)
    expect(before).toMatchObject({
      view: 'Connect',
      selectedNetworkId: 'eip155:31337',
      network: { id: 31337 },
    })
    expect(before.accounts[0]?.balance).toBeUndefined()
    store.set(nativeBalanceAtom, {
      caipAddress: `eip155:31337:${ADDRESS}`,
      value: '5',
      decimals: 18,
      symbol: 'ETH',
      readAt: 0,
    })
    expect(store.get(hostSnapshotAtom).accounts[0]?.balance).toEqual({
      value: '5',
      decimals: 18,
      symbol: 'ETH',
    })
  })

  it("put the active account's name and avatar into the host snapshot, the avatar only as a safe image URL", () => {
    const store = setup()
    const caipAddress = `eip155:31337:${ADDRESS}`
    store.set(profileNameAtom, { caipAddress, name: 'alice.reown.id', avatar: 'https://img.test/a.png' })
    expect(store.get(hostSnapshotAtom).accounts[0]).toMatchObject({
      profileName: 'alice.reown.id',
      profileAvatar: 'https://img.test/a.png',
    })
    store.set(profileNameAtom, { caipAddress, name: null, avatar: 'javascript:alert(1)' })
    expect(store.get(hostSnapshotAtom).accounts[0]).not.toHaveProperty('profileAvatar')
    expect(store.get(hostSnapshotAtom).accounts[0]).not.toHaveProperty('profileName')
    // The host's own check (the channel's schema) refuses what the modal would not send.
    expect(hostSnapshotSchema.safeParse(store.get(hostSnapshotAtom)).success).toBe(true)
    const forged = { ...store.get(hostSnapshotAtom) }
    forged.accounts = [{ ...forged.accounts[0]!, profileAvatar: 'javascript:alert(1)' }]
    expect(hostSnapshotSchema.safeParse(forged).success).toBe(false)
  })
})
