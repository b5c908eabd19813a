import { formatSiwxMessage, type SiwxMessage, SiwxNeedsApprovalError } from '@modalkit/protocol'
import { describe, expect, it } from 'vitest'
import type { EmbeddedWalletUser } from '../wallet/createEmbeddedWallet.ts'
import { createSignInAtLogin, SIGN_IN_AT_LOGIN_MS } from './signInAtLogin.ts'

const EVM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const SOL = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T'
const SITE = 'http://shop.test:5173'
const user: EmbeddedWalletUser = {
  userId: 'u1',
  email: 'a@example.test',
  address: EVM,
  accounts: [
    { namespace: 'eip155', address: EVM, type: 'eoa' },
    { namespace: 'solana', address: SOL, type: 'eoa' },
  ],
}
const message = (over: Partial<SiwxMessage> = {}): SiwxMessage => ({
  accountAddress: EVM.toLowerCase(),
  chainId: 'eip155:31337',
  domain: 'shop.test:5173',
  uri: SITE,
  version: '1',
  nonce: '0123456789abcdef0123456789abcdef',
  issuedAt: '2026-11-23T20:00:00Z',
  ...over,
})
const decodeHex = (hex: string) =>
  new TextDecoder().decode(Uint8Array.from(hex.slice(2).match(/../g) ?? [], (b) => Number.parseInt(b, 16)))

function setup() {
  let time = Date.parse('2026-11-23T20:00:00Z')
  const grant = createSignInAtLogin(() => time)
  return { grant, later: (ms: number) => (time += ms) }
}

describe('the sign-in a login consented to', () => {
  it('is the site’s message, written by the frame, signed by the account that logged in, once', () => {
    const { grant } = setup()
    grant.loggedIn()
    const request = grant.take(message(), SITE, user)
    expect(request).toMatchObject({ method: 'personal_sign', chainNamespace: 'eip155' })
    const [hex, signer] = request.params as [string, string]
    expect(signer).toBe(EVM)
    expect(decodeHex(hex)).toBe(formatSiwxMessage(message()))
    // Used up: a second sign-in, even the same one, needs the approval screen.
    expect(() => grant.take(message(), SITE, user)).toThrow(SiwxNeedsApprovalError)
  })

  it('signs a Solana sign-in with the Solana account', () => {
    const { grant } = setup()
    grant.loggedIn()
    const request = grant.take(message({ chainId: 'solana:abc', accountAddress: SOL }), SITE, user)
    expect(request).toMatchObject({ method: 'solana_signMessage', params: { pubkey: SOL } })
  })

  it('needs an approval without a login, after a sign-out, or too long after the login', () => {
    const { grant, later } = setup()
    expect(() => grant.take(message(), SITE, user)).toThrow(SiwxNeedsApprovalError)
    grant.loggedIn()
    grant.forget()
    expect(() => grant.take(message(), SITE, user)).toThrow(SiwxNeedsApprovalError)
    grant.loggedIn()
    later(SIGN_IN_AT_LOGIN_MS + 1)
    expect(() => grant.take(message(), SITE, user)).toThrow(SiwxNeedsApprovalError)
  })

  it('counts from the recovery text when a new wallet showed one first, but never revives a used grant', () => {
    const { grant, later } = setup()
    grant.loggedIn()
    later(SIGN_IN_AT_LOGIN_MS + 1)
    grant.extend()
    expect(grant.take(message(), SITE, user).method).toBe('personal_sign')
    grant.extend()
    expect(() => grant.take(message(), SITE, user)).toThrow(SiwxNeedsApprovalError)
  })

  it.each([
    ['another site’s domain', message({ domain: 'evil.test' })],
    ['another site’s uri', message({ uri: 'http://evil.test/login' })],
    ['resources (a ReCap grants more than a sign-in)', message({ resources: ['https://shop.test/x'] })],
    ['an expired message', message({ expirationTime: '2026-11-23T19:59:00Z' })],
    ['another account', message({ accountAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })],
    [
      'a namespace the wallet has no account in',
      message({ chainId: 'bip122:000000000019d6689c085ae165831e93' }),
    ],
  ])('refuses %s and uses the grant up', (_, bad) => {
    const { grant } = setup()
    grant.loggedIn()
    expect(() => grant.take(bad, SITE, user)).toThrow(SiwxNeedsApprovalError)
    expect(() => grant.take(message(), SITE, user)).toThrow(SiwxNeedsApprovalError)
  })
})
