import { describe, expect, it } from 'vitest'
import { effectiveFeatures } from './effectiveFeatures.ts'
import { pickViewOnOpen } from './pickViewOnOpen.ts'
import { goBack, isCloseDisabled, pushView, replaceView, viewOnClose } from './viewStack.ts'

const base = {
  manualControl: false,
  hasAdapters: true,
  address: undefined,
  view: undefined,
  isMobile: false,
  connected: false,
}

describe('pickViewOnOpen (SPEC §2)', () => {
  it('goes to WalletConnect basic on desktop and AllWallets on mobile with manual control', () => {
    expect(pickViewOnOpen({ ...base, manualControl: true })).toBe('ConnectingWalletConnectBasic')
    expect(pickViewOnOpen({ ...base, manualControl: true, isMobile: true })).toBe('AllWallets')
    expect(pickViewOnOpen({ ...base, manualControl: true, view: 'Account' })).toBe(
      'ConnectingWalletConnectBasic',
    )
  })
  it('does the same with no adapters and no address', () => {
    expect(pickViewOnOpen({ ...base, hasAdapters: false })).toBe('ConnectingWalletConnectBasic')
    expect(pickViewOnOpen({ ...base, hasAdapters: false, isMobile: true })).toBe('AllWallets')
  })
  it('otherwise takes an explicit view, then Account if connected, else Connect', () => {
    expect(pickViewOnOpen({ ...base, hasAdapters: false, address: '0xabc', view: 'Swap' })).toBe('Swap')
    expect(pickViewOnOpen({ ...base, view: 'SwitchNetwork' })).toBe('SwitchNetwork')
    expect(pickViewOnOpen({ ...base, connected: true })).toBe('Account')
    expect(pickViewOnOpen(base)).toBe('Connect')
  })
})

describe('the view stack', () => {
  it('pushes, without duplicating the top', () => {
    expect(pushView(['Connect'], 'AllWallets')).toEqual(['Connect', 'AllWallets'])
    expect(pushView(['Connect', 'AllWallets'], 'AllWallets')).toEqual(['Connect', 'AllWallets'])
    expect(replaceView(['Connect', 'AllWallets'], 'ConnectingExternal')).toEqual([
      'Connect',
      'ConnectingExternal',
    ])
  })
  it('pops on back, and closes at one view', () => {
    expect(goBack(['Connect', 'AllWallets'])).toEqual({ history: ['Connect'], close: false })
    expect(goBack(['Connect'])).toEqual({ history: ['Connect'], close: true })
  })
  it('resets to Connect on close; embedded goes to Account when connected', () => {
    expect(viewOnClose({ embedded: false, connected: true })).toBe('Connect')
    expect(viewOnClose({ embedded: true, connected: true })).toBe('Account')
    expect(viewOnClose({ embedded: true, connected: false })).toBe('Connect')
  })
  it('disables closing only in the sign and approve views when sign-in is required without a session', () => {
    expect(isCloseDisabled({ view: 'SIWXSignMessage', siwxRequired: true, hasSession: false })).toBe(true)
    expect(isCloseDisabled({ view: 'ApproveTransaction', siwxRequired: true, hasSession: false })).toBe(true)
    expect(isCloseDisabled({ view: 'SIWXSignMessage', siwxRequired: true, hasSession: true })).toBe(false)
    expect(isCloseDisabled({ view: 'SIWXSignMessage', siwxRequired: false, hasSession: false })).toBe(false)
    expect(isCloseDisabled({ view: 'Connect', siwxRequired: true, hasSession: false })).toBe(false)
  })
})

describe('effectiveFeatures (SPEC §1)', () => {
  it('turns every feature on unless set false', () => {
    const { features } = effectiveFeatures({ swaps: false }, undefined)
    expect(features).toMatchObject({ email: true, swaps: false, send: true, onramp: true, multiWallet: true })
    expect(features.socials).toEqual(['google', 'github', 'apple', 'facebook', 'x', 'discord'])
    expect(features.connectMethodsOrder).toEqual(['email', 'social', 'wallet'])
  })
  it('lets the remote configuration override local settings, and says which', () => {
    const { features, overridden } = effectiveFeatures(
      { email: true, swaps: true },
      { email: false, onramp: false },
    )
    expect(features).toMatchObject({ email: false, swaps: true, onramp: false })
    expect(overridden).toEqual(['email'])
  })
  it('turns the remote features off in basic mode, ignoring the remote configuration', () => {
    const { features, overridden } = effectiveFeatures({ email: true }, { swaps: true }, true)
    expect(features).toMatchObject({
      email: false,
      socials: false,
      swaps: false,
      onramp: false,
      pay: false,
      activity: false,
      send: true,
    })
    expect(overridden).toEqual([])
  })
})
