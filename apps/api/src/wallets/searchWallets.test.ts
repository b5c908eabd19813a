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
      walletGuideId: 'c57ca95b47569778a828d19178114f4db188b89b763c899ba0be274e97267d96',
      name: 'MetaMask',
      imageUrl: '/v1/wallets/metamask/image',
      mobile: { native: 'metamask://', universal: 'https://metamask.app.link' },
      desktop: {},
      namespaces: ['eip155'],
      rdns: 'io.metamask',
    })
  })

  it("with include, gives only those wallets in their order, by our ids or WalletGuide's", () => {
    const zerion = 'ecc4036f814562b41a5268adc86270fba1365471402006302e70169465b7ac18'
    const included = searchWallets(WALLET_DIRECTORY, {
      include: ['rainbow', zerion, 'no-such-wallet', 'metamask'],
      page: 1,
      entries: 40,
    })
    expect(included.data.map((w) => w.id)).toEqual(['rainbow', 'zerion', 'metamask'])
    expect(included.count).toBe(3)
    // The other filters still apply: a search, a namespace.
    const search = { include: ['rainbow', 'metamask', 'phantom'], page: 1, entries: 40 }
    expect(searchWallets(WALLET_DIRECTORY, { ...search, search: 'RAIN' }).data.map((w) => w.id)).toEqual([
      'rainbow',
    ])
    expect(
      searchWallets(WALLET_DIRECTORY, { ...search, namespaces: ['solana'] }).data.map((w) => w.id),
    ).toEqual(['phantom'])
  })

  it('with exclude, leaves those wallets out by either id, and counts without them', () => {
    const all = searchWallets(WALLET_DIRECTORY, { page: 1, entries: 99 })
    const without = searchWallets(WALLET_DIRECTORY, {
      exclude: ['trust', 'c57ca95b47569778a828d19178114f4db188b89b763c899ba0be274e97267d96'],
      page: 1,
      entries: 99,
    })
    expect(without.count).toBe(all.count - 2)
    expect(without.data.map((w) => w.id)).toEqual(
      all.data.map((w) => w.id).filter((id) => id !== 'trust' && id !== 'metamask'),
    )
  })
})
