import type { DirectoryWallet } from '@modalkit/protocol'
import { describe, expect, it, vi } from 'vitest'
import { createStore, optionsAtom } from './atoms.ts'
import {
  listCustomWallet,
  offersAllWallets,
  pickFeatured,
  walletListOptions,
  whereToGet,
} from './walletList.ts'
import { createWalletListActions } from './walletListActions.ts'

const directoryWallet = (id: string, extra: Partial<DirectoryWallet> = {}): DirectoryWallet => ({
  id,
  name: id,
  imageUrl: `http://api.test/v1/wallets/${id}/image`,
  mobile: {},
  desktop: {},
  namespaces: ['eip155'],
  ...extra,
})

describe("the site's wallet lists (AppKit's featuredWalletIds, includeWalletIds, excludeWalletIds, customWallets, allWallets)", () => {
  it('lists a custom wallet with its links by kind, where to get it, and marked as the site’s', () => {
    expect(
      listCustomWallet({
        id: 'mine',
        name: 'Mine',
        mobile_link: 'mine://',
        desktop_link: null,
        webapp_link: 'https://app.mine.example',
        homepage: 'https://mine.example',
        play_store: 'https://play.google.com/store/apps/details?id=mine',
      }),
    ).toEqual({
      id: 'mine',
      name: 'Mine',
      imageUrl: '',
      mobile: { native: 'mine://' },
      desktop: { universal: 'https://app.mine.example' },
      namespaces: [],
      homepage: 'https://mine.example',
      playStore: 'https://play.google.com/store/apps/details?id=mine',
      custom: true,
    })
  })

  it('fills the defaults: nothing featured, every wallet, All Wallets shown', () => {
    expect(walletListOptions({ projectId: 'demo' })).toEqual({
      featured: [],
      include: undefined,
      exclude: [],
      custom: [],
      allWallets: 'SHOW',
    })
  })

  it('keeps featured wallets in order, only included ones, none already listed above', () => {
    const zerion = directoryWallet('zerion', { walletGuideId: 'e'.repeat(64) })
    const rainbow = directoryWallet('rainbow', { rdns: 'me.rainbow' })
    const metamask = directoryWallet('metamask')
    const featured = [zerion, rainbow, metamask]
    const none = { rdns: [], ids: [] }
    expect(pickFeatured(featured, { include: undefined }, none)).toEqual(featured)
    // Included by WalletGuide's id or ours.
    expect(pickFeatured(featured, { include: ['e'.repeat(64), 'metamask'] }, none)).toEqual([
      zerion,
      metamask,
    ])
    // Rainbow is installed (a browser wallet with its rdns), MetaMask a recent wallet.
    expect(
      pickFeatured(featured, { include: undefined }, { rdns: ['me.rainbow'], ids: ['metamask'] }),
    ).toEqual([zerion])
  })

  it('offers All Wallets always, never, or on phones only', () => {
    expect([offersAllWallets('SHOW', false), offersAllWallets('HIDE', true)]).toEqual([true, false])
    expect([offersAllWallets('ONLY_MOBILE', false), offersAllWallets('ONLY_MOBILE', true)]).toEqual([
      false,
      true,
    ])
  })

  it("gets a wallet from its platform's app store on a phone, else its homepage", () => {
    const wallet = {
      ...directoryWallet('mine'),
      homepage: 'https://mine.example',
      appStore: 'https://apps.apple.com/app/id1',
      playStore: 'https://play.google.com/store/apps/details?id=mine',
    }
    expect(whereToGet(wallet, true, 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)')).toBe(
      wallet.appStore,
    )
    expect(whereToGet(wallet, true, 'Mozilla/5.0 (Linux; Android 15; Pixel 9)')).toBe(wallet.playStore)
    expect(whereToGet(wallet, false, 'Mozilla/5.0 (iPhone)')).toBe(wallet.homepage)
    expect(whereToGet(directoryWallet('plain'), true, 'Android')).toBeUndefined()
  })
})

describe('createWalletListActions', () => {
  const setUp = (options: Record<string, unknown>) => {
    const store = createStore()
    store.set(optionsAtom, { projectId: 'demo', ...options })
    const getWallets = vi.fn(async (_projectId: string, query: { include?: readonly string[] }) => ({
      count: query.include?.length ?? 30,
      data: (query.include ?? ['metamask']).map((id) => directoryWallet(id)),
    }))
    return { actions: createWalletListActions({ store, api: { getWallets }, projectId: 'demo' }), getWallets }
  }

  it('asks for the featured wallets once per set of namespaces, with the excluded left out', async () => {
    const { actions, getWallets } = setUp({
      featuredWalletIds: ['zerion', 'rainbow'],
      excludeWalletIds: ['trust'],
    })
    expect((await actions.featuredWallets(['eip155'])).map((w) => w.id)).toEqual(['zerion', 'rainbow'])
    await actions.featuredWallets(['eip155'])
    expect(getWallets).toHaveBeenCalledTimes(1)
    expect(getWallets).toHaveBeenLastCalledWith('demo', {
      include: ['zerion', 'rainbow'],
      exclude: ['trust'],
      namespaces: ['eip155'],
    })
    await actions.featuredWallets(['eip155', 'solana'])
    expect(getWallets).toHaveBeenCalledTimes(2)
  })

  it("searches AllWallets' pages within the include list, without the excluded and the featured", async () => {
    const { actions, getWallets } = setUp({
      featuredWalletIds: ['zerion'],
      includeWalletIds: ['zerion', 'rainbow'],
      excludeWalletIds: ['trust'],
    })
    await actions.searchWallets({ search: 'r', namespaces: ['eip155'], page: 2 })
    expect(getWallets).toHaveBeenLastCalledWith('demo', {
      search: 'r',
      namespaces: ['eip155'],
      page: 2,
      include: ['zerion', 'rainbow'],
      exclude: ['trust', 'zerion'],
    })
  })

  it('without options, searches the whole directory and asks for no featured wallets', async () => {
    const { actions, getWallets } = setUp({})
    await actions.searchWallets({ search: '', namespaces: ['eip155'], page: 1 })
    expect(getWallets).toHaveBeenCalledTimes(1)
    expect(getWallets).toHaveBeenLastCalledWith('demo', {
      search: '',
      namespaces: ['eip155'],
      page: 1,
      exclude: [],
    })
  })
})
