import type { DirectoryWallet } from '@modalkit/protocol'
import { expect, test } from 'vitest'
import { walletDeepLink } from './walletDeepLink.ts'

const uri = 'wc:7f6e@2?relay-protocol=irn&symKey=587d'
const encoded = encodeURIComponent(uri)
const wallet = (
  mobile: DirectoryWallet['mobile'],
  desktop: DirectoryWallet['desktop'] = {},
): DirectoryWallet => ({
  id: 'w',
  name: 'W',
  imageUrl: '/v1/wallets/w/image',
  mobile,
  desktop,
  namespaces: ['eip155'],
})

test('native scheme first on mobile, with the URI encoded', () => {
  expect(
    walletDeepLink(wallet({ native: 'metamask://', universal: 'https://metamask.app.link' }), uri, true),
  ).toBe(`metamask://wc?uri=${encoded}`)
  expect(walletDeepLink(wallet({ native: 'argent://app/' }), uri, true)).toBe(
    `argent://app/wc?uri=${encoded}`,
  )
})

test('universal link when there is no native scheme; desktop links on desktop', () => {
  expect(walletDeepLink(wallet({ universal: 'https://link.example/' }), uri, true)).toBe(
    `https://link.example/wc?uri=${encoded}`,
  )
  expect(walletDeepLink(wallet({ native: 'ledgerlive://' }, { native: 'ledgerlive://' }), uri, false)).toBe(
    `ledgerlive://wc?uri=${encoded}`,
  )
  expect(walletDeepLink(wallet({ native: 'trust://' }), uri, false)).toBeUndefined()
})
