import { describe, expect, it } from 'vitest'
import { APPKIT_VIEWS } from './appkitViews.ts'
import { toOpenArgs } from './toOpenArgs.ts'

describe('toOpenArgs', () => {
  it("maps AppKit's view names onto SPEC's", () => {
    expect(toOpenArgs({ view: 'Networks' })).toEqual({ view: 'SwitchNetwork' })
    expect(toOpenArgs({ view: 'WhatIsANetwork' })).toEqual({ view: 'SwitchNetwork' })
    expect(toOpenArgs({ view: 'WhatIsAWallet' })).toEqual({ view: 'Connect' })
    expect(toOpenArgs({ view: 'AllWallets', namespace: 'solana' })).toEqual({
      view: 'AllWallets',
      namespace: 'solana',
    })
    // The on-ramp and send views, under AppKit's names.
    expect(toOpenArgs({ view: 'OnRampProviders' })).toEqual({ view: 'OnRampProviders' })
    expect(toOpenArgs({ view: 'WalletSend' })).toEqual({ view: 'WalletSend' })
  })

  it("keeps SPEC's own names and no arguments", () => {
    expect(toOpenArgs({ view: 'SwitchActiveChain' })).toEqual({ view: 'SwitchActiveChain' })
    expect(toOpenArgs(undefined)).toEqual({})
  })

  it('maps every one of AppKit’s twelve view names', () => {
    for (const name of Object.keys(APPKIT_VIEWS)) expect(() => toOpenArgs({ view: name })).not.toThrow()
    expect(Object.keys(APPKIT_VIEWS)).toHaveLength(12)
  })

  it("takes a WalletConnect pairing URI, AppKit's open({ uri }), and refuses anything else there", () => {
    const uri = `wc:${'ab'.repeat(32)}@2?relay-protocol=irn&symKey=${'cd'.repeat(32)}`
    expect(toOpenArgs({ uri })).toEqual({ uri })
    for (const bad of [
      'javascript:alert(1)',
      `wc:${'ab'.repeat(32)}@2?a b`,
      `wc:${'AB'.repeat(32)}@2?x=1`,
      `wc:${'ab'.repeat(32)}@1?x=1`,
      `wc:${'ab'.repeat(32)}@2?${'x'.repeat(2048)}`,
      42,
    ])
      expect(() => toOpenArgs({ uri: bad })).toThrowError(
        expect.objectContaining({ code: 'validation_error', details: expect.stringMatching(/ at uri$/) }),
      )
  })

  it('refuses an unknown view or key with a typed error naming its path', () => {
    expect(() => toOpenArgs({ view: 'Nope' })).toThrowError(
      expect.objectContaining({
        code: 'validation_error',
        shortMessage: 'Invalid open() arguments',
        details: 'custom at view',
      }),
    )
    expect(() => toOpenArgs({ namespace: 'tron' })).toThrowError(
      expect.objectContaining({ details: 'invalid_value at namespace' }),
    )
    expect(() => toOpenArgs('Networks')).toThrowError(expect.objectContaining({ code: 'validation_error' }))
  })
})
