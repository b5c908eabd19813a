import type { View } from '@modalkit/protocol'
import { describe, expect, it } from 'vitest'
import { createViewRouter } from './createViewRouter.ts'
import { readViewStack } from './readViewStack.ts'
import { goBack, pushView, replaceView } from './viewStack.ts'
import { writeViewStack } from './writeViewStack.ts'

/** Applies a SPEC §2 rule to the router's stack, as the atoms do. */
function move(router: ReturnType<typeof createViewRouter>, rule: (stack: View[]) => View[]): View[] {
  const next = rule(readViewStack(router))
  writeViewStack(router, next)
  return next
}

describe('the router history as the view stack', () => {
  it('starts at Connect', () => {
    const router = createViewRouter()
    expect(readViewStack(router)).toEqual(['Connect'])
    expect(router.state.location.pathname).toBe('/Connect')
  })

  it('push, replace and pop read back as the pure rules give, and pop is the router going back', () => {
    const router = createViewRouter()
    expect(move(router, (s) => pushView(s, 'AllWallets'))).toEqual(['Connect', 'AllWallets'])
    expect(move(router, (s) => pushView(s, 'AllWallets'))).toEqual(['Connect', 'AllWallets'])
    expect(move(router, (s) => pushView(s, 'ConnectingExternal'))).toEqual([
      'Connect',
      'AllWallets',
      'ConnectingExternal',
    ])
    expect(move(router, (s) => replaceView(s, 'ConnectingWalletConnect'))).toEqual([
      'Connect',
      'AllWallets',
      'ConnectingWalletConnect',
    ])
    expect(readViewStack(router)).toEqual(['Connect', 'AllWallets', 'ConnectingWalletConnect'])
    expect(router.state.location.pathname).toBe('/ConnectingWalletConnect')
    expect(move(router, (s) => goBack(s).history)).toEqual(['Connect', 'AllWallets'])
    expect(router.state.historyAction).toBe('POP')
    expect(readViewStack(router)).toEqual(['Connect', 'AllWallets'])
    move(router, (s) => goBack(s).history)
    expect(readViewStack(router)).toEqual(['Connect'])
    expect(goBack(readViewStack(router)).close).toBe(true)
  })

  it('a reset leaves one view, and back after a later push lands on it, not on what was before', () => {
    const router = createViewRouter()
    move(router, (s) => pushView(s, 'AllWallets'))
    move(router, (s) => pushView(s, 'ConnectingExternal'))
    writeViewStack(router, ['UnsupportedChain'])
    expect(readViewStack(router)).toEqual(['UnsupportedChain'])
    move(router, (s) => pushView(s, 'SwitchNetwork'))
    move(router, (s) => goBack(s).history)
    expect(readViewStack(router)).toEqual(['UnsupportedChain'])
    expect(router.state.location.pathname).toBe('/UnsupportedChain')
  })

  it('any other stack is rebuilt entry by entry, so each back pops one view', () => {
    const router = createViewRouter()
    writeViewStack(router, ['Account', 'SwitchNetwork', 'ApproveTransaction'])
    expect(readViewStack(router)).toEqual(['Account', 'SwitchNetwork', 'ApproveTransaction'])
    move(router, (s) => goBack(s).history)
    expect(readViewStack(router)).toEqual(['Account', 'SwitchNetwork'])
    move(router, (s) => goBack(s).history)
    expect(readViewStack(router)).toEqual(['Account'])
  })
})
