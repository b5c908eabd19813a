import { type AppKitError, NotReadyError } from '@modalkit/protocol'
import { describe, expect, it } from 'vitest'
import { toForeignError } from './toForeignError.ts'

const shape = (error: AppKitError) => ({
  code: error.code,
  shortMessage: error.shortMessage,
  details: error.details,
})

describe('toForeignError', () => {
  it('maps a wallet refusing to connect, and any other connect failure', () => {
    expect(shape(toForeignError({ code: 5000, message: 'nope' }, 'connect'))).toEqual({
      code: 4001,
      shortMessage: 'Connection rejected',
      details: 'nope',
    })
    expect(shape(toForeignError(new Error('relay down <b>'), 'connect'))).toEqual({
      code: 5000,
      shortMessage: 'Failed to connect',
      details: 'relay down <b>',
    })
  })

  it("keeps a request's EIP-1193 code and never shows the wallet's words", () => {
    expect(
      shape(toForeignError(Object.assign(new Error('User rejected'), { code: 4001 }), 'request')),
    ).toEqual({
      code: 4001,
      shortMessage: 'User rejected the request',
      details: 'User rejected',
    })
    expect(toForeignError({ code: 4902, message: 'x' }, 'request').code).toBe(4902)
    expect(shape(toForeignError(new Error('Click here: https://evil.test'), 'request'))).toEqual({
      code: 5000,
      shortMessage: 'Wallet request failed',
      details: 'Click here: https://evil.test',
    })
  })

  it("maps a node's JSON-RPC error by its code, its text kept as details", () => {
    expect(shape(toForeignError({ code: -32000, message: 'execution reverted' }, 'node'))).toEqual({
      code: -32603,
      shortMessage: 'The chain could not answer the request',
      details: 'execution reverted',
    })
    expect(toForeignError({ code: 4200, message: 'm' }, 'node').code).toBe(4200)
  })

  it('passes our own errors through', () => {
    const ours = new NotReadyError()
    expect(toForeignError(ours, 'request')).toBe(ours)
  })
})
