import { describe, expect, it } from 'vitest'
import { injectedConnectorId, isInjectedConnector } from './connectorIds.ts'

describe('connector ids', () => {
  it('names a browser wallet by its rdns, or INJECTED for window.ethereum', () => {
    expect(injectedConnectorId({ rdns: 'io.metamask' })).toBe('ANNOUNCED:io.metamask')
    expect(injectedConnectorId({ rdns: 'io.metamask', legacy: true })).toBe('INJECTED')
  })

  it('tells browser wallets from the others', () => {
    expect(
      ['INJECTED', 'ANNOUNCED:a.b', 'WALLET_CONNECT', 'AUTH', undefined].map(isInjectedConnector),
    ).toEqual([true, true, false, false, false])
  })
})
