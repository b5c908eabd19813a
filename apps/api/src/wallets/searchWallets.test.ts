import { walletDirectoryReplySchema } from '@modalkit/protocol'
import { describe, expect, it } from 'vitest'
import { searchWallets } from './searchWallets.ts'
import { WALLET_DIRECTORY } from './walletDirectory.ts'

describe('searchWallets', () => {
  it('finds by any part of the name, case-insensitive', () => {
    const { count, data } = searchWallets(WALLET_DIRECTORY, { search: 'WALLET', page: 1, entries: 5 })
    expect(count).toBeGreaterThan(5)
    expect(data).toHaveLength(5)
    expect(data.every((w) => w.name.toLowerCase().includes('wallet'))).toBe(true)
    expect(searchWallets(WALLET_DIRECTORY, { search: 'zzz', page: 1, entries: 5 })).toEqual({
      count: 0,
      data: [],
    })
  })

  it('filters by namespace and pages in directory order', () => {
    const solana = searchWallets(WALLET_DIRECTORY, { namespaces: ['solana'], page: 1, entries: 40 })
    expect(solana.data.map((w) => w.id)).toContain('phantom')
    expect(solana.data.map((w) => w.id)).not.toContain('metamask')
    const first = searchWallets(WALLET_DIRECTORY, { page: 1, entries: 3 })
    const second = searchWallets(WALLET_DIRECTORY, { page: 2, entries: 3 })
    expect(first.data.map((w) => w.id)).toEqual(['metamask', 'trust', 'coinbase'])
    expect(second.data[0]?.id).toBe('rainbow')
    expect(first.count).toBe(WALLET_DIRECTORY.length)
  })

  it('every entry of the directory passes the schema the modal parses it with', () => {
    const all = searchWallets(WALLET_DIRECTORY, { page: 1, entries: 99 })
    expect(walletDirectoryReplySchema.safeParse(all).error?.issues).toBeUndefined()
    expect(all.data).toHaveLength(WALLET_DIRECTORY.length)
  })

  it('serves each wallet with its image path and deep links', () => {
    const [metamask] = searchWallets(WALLET_DIRECTORY, { search: 'metamask', page: 1, entries: 1 }).data
    expect(metamask).toEqual({
      id: 'metamask',
      name: 'MetaMask',
      imageUrl: '/v1/wallets/metamask/image',
      mobile: { native: 'metamask://', universal: 'https://metamask.app.link' },
      desktop: {},
      namespaces: ['eip155'],
      rdns: 'io.metamask',
    })
  })
})
