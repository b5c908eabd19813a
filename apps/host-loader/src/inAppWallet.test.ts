import { describe, expect, it } from 'vitest'
import { isMobileBrowser, legacyWalletName } from './inAppWallet.ts'

describe('legacyWalletName', () => {
  it('prefers a specific flag over the isMetaMask that many wallets also set', () => {
    expect(legacyWalletName({ isMetaMask: true, isTrust: true })).toBe('Trust Wallet')
    expect(legacyWalletName({ isMetaMask: true, isCoinbaseWallet: true })).toBe('Coinbase Wallet')
    expect(legacyWalletName({ isMetaMask: true })).toBe('MetaMask')
  })

  it('names nothing without a true flag', () => {
    expect(legacyWalletName({})).toBeUndefined()
    expect(legacyWalletName({ isMetaMask: 'yes' })).toBeUndefined()
  })
})

describe('isMobileBrowser', () => {
  const nav = (userAgent: string, mobile?: boolean) =>
    ({ userAgent, ...(mobile === undefined ? {} : { userAgentData: { mobile } }) }) as unknown as Navigator

  it('believes client hints that say mobile', () => {
    expect(isMobileBrowser(nav('Mozilla/5.0 (X11; Linux x86_64)', true))).toBe(true)
  })

  it('reads the user agent otherwise', () => {
    expect(isMobileBrowser(nav('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148'))).toBe(
      true,
    )
    expect(isMobileBrowser(nav('Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36'))).toBe(true)
    expect(isMobileBrowser(nav('Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36', false))).toBe(
      false,
    )
    // Hints saying "not mobile" do not overrule a phone's user agent (e.g. a site asked for desktop).
    expect(isMobileBrowser(nav('Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36', false))).toBe(
      true,
    )
  })
})
