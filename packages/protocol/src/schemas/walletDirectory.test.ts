import { describe, expect, it } from 'vitest'
import { customWalletSchema, initOptionsSchema } from './initOptions.ts'
import { walletDirectoryQuerySchema, walletLinkSchema } from './walletDirectory.ts'

describe('walletLinkSchema (a base the modal appends a pairing URI to, in an href)', () => {
  it("takes native schemes and https universal links, the directory's real shapes", () => {
    for (const link of ['metamask://', 'zerion://', 'cbwallet://wsegue', 'https://link.trustwallet.com'])
      expect(walletLinkSchema.safeParse(link).success, link).toBe(true)
  })
  it('refuses a scheme that acts in the page: script, documents, a pairing URI in the clear', () => {
    for (const link of [
      'javascript://%0aalert(document.domain)//',
      'JavaScript://%0Aalert(1)//',
      'vbscript://x',
      'data://text/html,<script>alert(1)</script>',
      'blob://modal.test/x',
      'file:///etc/passwd',
      'about://blank',
      'http://wallet.example',
      'java\tscript://%0aalert(1)',
      ' metamask://',
      'metamask:',
    ])
      expect(walletLinkSchema.safeParse(link).success, JSON.stringify(link)).toBe(false)
  })
})

describe('customWalletSchema (AppKit\u2019s customWallets, from the host page)', () => {
  const wallet = {
    id: 'myWallet',
    name: 'My Wallet',
    homepage: 'https://wallet.example/',
    image_url: 'https://wallet.example/icon.png',
    mobile_link: 'mywallet://',
    desktop_link: null,
    webapp_link: 'https://app.wallet.example/',
    app_store: 'https://apps.apple.com/app/id1',
    play_store: null,
  }
  it("takes AppKit's shape with its nulls, and drops the fields it does not use", () => {
    const parsed = customWalletSchema.safeParse({ ...wallet, image_id: 'abc', link_mode: 'x', rdns: 'io.my' })
    expect(parsed.success).toBe(true)
    expect(parsed.data).toEqual(wallet)
  })
  it('refuses a link or page that is not a wallet link or an https page, and an SVG data image', () => {
    for (const bad of [
      { mobile_link: 'javascript://%0aalert(1)//' },
      { desktop_link: 'data://text/html,x' },
      { webapp_link: 'javascript:alert(1)' },
      { homepage: 'http://wallet.example/' },
      { app_store: '//apps.apple.com' },
      { image_url: 'data:image/svg+xml,<svg onload=alert(1)>' },
      { id: '' },
      { name: 'x'.repeat(65) },
    ])
      expect(customWalletSchema.safeParse({ ...wallet, ...bad }).success, JSON.stringify(bad)).toBe(false)
  })
  it('is what init() takes, with the wallet ids of the directory and the All Wallets mode', () => {
    const options = {
      projectId: 'demo',
      featuredWalletIds: ['rainbow', 'c57ca95b47569778a828d19178114f4db188b89b763c899ba0be274e97267d96'],
      includeWalletIds: ['rainbow'],
      excludeWalletIds: ['metamask'],
      customWallets: [wallet],
      allWallets: 'ONLY_MOBILE',
    }
    expect(initOptionsSchema.safeParse(options).success).toBe(true)
    for (const bad of [
      { allWallets: 'SOMETIMES' },
      { featuredWalletIds: ['Rainbow'] },
      { excludeWalletIds: ['x'.repeat(65)] },
      { customWallets: Array.from({ length: 21 }, () => wallet) },
    ])
      expect(initOptionsSchema.safeParse({ ...options, ...bad }).success, JSON.stringify(bad)).toBe(false)
  })
})

describe('walletDirectoryQuerySchema include and exclude', () => {
  it('take up to 120 comma-separated ids (100 excluded and 20 featured), nothing else', () => {
    const query = (include: string) => walletDirectoryQuerySchema.safeParse({ projectId: 'demo', include })
    expect(query('rainbow,zerion').success).toBe(true)
    expect(query(Array.from({ length: 120 }, (_, i) => `w${i}`).join(',')).success).toBe(true)
    expect(query(Array.from({ length: 121 }, (_, i) => `w${i}`).join(',')).success).toBe(false)
    for (const bad of ['', 'rainbow,', ',rainbow', 'rain bow', 'RAINBOW', 'a,,b'])
      expect(query(bad).success, bad).toBe(false)
  })
})
