import { getNetwork } from '@modalkit/shared'
import { describe, expect, it } from 'vitest'
import { accountsAtom, activeChainAtom, createStore, networksAtom, selectedNetworkIdAtom } from './atoms.ts'
import { nativeBalanceAtom } from './nativeBalance.ts'
import { refreshBalance } from './refreshBalance.ts'
import { selectNetwork } from './selectNetwork.ts'

// SPEC §9: the native balance lives 30 s; a recording stand-in answers the chain reads.
const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

describe('refreshBalance', () => {
  it('reads a balance once in 30 s, again when forced, and at once on another chain', async () => {
    const store = createStore()
    const [local, other] = ['eip155:31337', 'eip155:31338'].map((id) => getNetwork(id))
    if (!local || !other) throw new Error('no local networks')
    store.set(networksAtom, [local, other])
    store.set(activeChainAtom, 'eip155')
    store.set(selectedNetworkIdAtom, local.caipNetworkId)
    store.set(accountsAtom, [
      { namespace: 'eip155', status: 'connected', address: ADDRESS, caipAddress: `eip155:31337:${ADDRESS}` },
    ])
    let clock = 5_000
    const asked: string[] = []
    const api = {
      rpc: async (_p: string, chain: string) => {
        asked.push(chain)
        return `0x${asked.length}`
      },
    }
    const refresh = (force = false) => refreshBalance(store, api, 'p', { force, now: () => clock })
    await refresh()
    clock += 29_999
    await refresh()
    expect(asked).toEqual(['eip155:31337'])
    await refresh(true)
    expect(store.get(nativeBalanceAtom)).toMatchObject({ value: '2', readAt: 34_999 })
    selectNetwork(store, other)
    await refresh()
    clock += 30_000
    await refresh()
    expect(asked).toEqual(['eip155:31337', 'eip155:31337', 'eip155:31338', 'eip155:31338'])
  })
})
