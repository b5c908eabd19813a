import type { DirectoryWallet } from '@modalkit/protocol'
import { describe, expect, it } from 'vitest'
import { addRecentWallet, readRecentWallets, writeRecentWallets } from './recentWallets.ts'

const wallet = (id: string): DirectoryWallet => ({
  id,
  name: id,
  imageUrl: `https://api.test/v1/wallets/${id}/image`,
  mobile: {},
  desktop: {},
  namespaces: ['eip155'],
})

function memoryStorage() {
  const map = new Map<string, string>()
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => map.set(k, v), map }
}

describe('recent wallets', () => {
  it('keeps at most two, newest first, each once', () => {
    let list = addRecentWallet([], wallet('a'))
    list = addRecentWallet(list, wallet('b'))
    list = addRecentWallet(list, wallet('a'))
    list = addRecentWallet(list, wallet('c'))
    expect(list.map((w) => w.id)).toEqual(['c', 'a'])
  })

  it('round-trips through storage under the SPEC prefix, and reads tampered values as empty', () => {
    const storage = memoryStorage()
    writeRecentWallets(storage, [wallet('a')])
    expect([...storage.map.keys()]).toEqual(['@appkit-wallet/recent_wallets'])
    expect(readRecentWallets(storage).map((w) => w.id)).toEqual(['a'])
    storage.setItem('@appkit-wallet/recent_wallets', '[{"id":"<script>"}]')
    expect(readRecentWallets(storage)).toEqual([])
    storage.setItem('@appkit-wallet/recent_wallets', '{not json')
    expect(readRecentWallets(storage)).toEqual([])
    expect(readRecentWallets(undefined)).toEqual([])
  })
})
