import { type AppKitError, NodeError, NotReadyError } from '@modalkit/protocol'
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

  it("types a node's JSON-RPC error by the protocol's table, keeping the node's code, message and data", () => {
    const revert = { code: 3, message: 'execution reverted: custom error 0xcf479181', data: '0xcf479181' }
    const reverted = toForeignError(revert, 'node')
    expect(shape(reverted)).toEqual({
      code: 'execution_reverted',
      shortMessage: 'Execution reverted',
      details: revert.message,
    })
    expect(reverted).toBeInstanceOf(NodeError)
    expect((reverted as NodeError).rpc).toEqual(revert)
    const unknown = toForeignError({ code: -32005, message: 'limit exceeded' }, 'node')
    expect(shape(unknown)).toEqual({
      code: 'node_error',
      shortMessage: 'The chain could not answer the request',
      details: 'limit exceeded',
    })
    expect((unknown as NodeError).rpc).toEqual({ code: -32005, message: 'limit exceeded' })
    expect(toForeignError({ code: 4200, message: 'm' }, 'node').code).toBe(4200)
    // Not JSON-RPC's shape: no code to keep.
    expect(toForeignError({ message: 'x' }, 'node').code).toBe(-32603)
  })

  it("keeps a paired wallet's node error (its code and revert data), but not its other failures", () => {
    const error = { code: -32000, message: 'insufficient funds for gas * price + value' }
    const mapped = toForeignError(error, 'request')
    expect(mapped.code).toBe('insufficient_funds')
    expect((mapped as NodeError).rpc).toEqual(error)
    expect(toForeignError({ code: -32000, message: 'something else' }, 'request').code).toBe(5000)
  })

  it("names the relay's refusals of the client in SPEC §8's words, whatever the SDK wrapped them in", () => {
    const closed = (reason: string) =>
      new Error(`WebSocket connection closed abnormally with code: 3000 (${reason})`)
    const early = toForeignError(
      closed(
        'JWT validation error: JWT Token is not yet valid: basic.iat: 1, now + time_leeway: 0, time_leeway: 120',
      ),
      'connect',
    )
    expect(early).toMatchObject({
      code: 'jwt_not_yet_valid',
      shortMessage: 'JWT validation error: JWT Token is not yet valid',
    })
    expect(toForeignError(closed('Unauthorized: invalid key'), 'connect')).toMatchObject({
      code: 'invalid_key',
      shortMessage: 'Unauthorized: invalid key',
    })
    expect(toForeignError(closed('Unauthorized: origin not allowed'), 'connect')).toMatchObject({
      name: 'OriginNotAllowedError',
      shortMessage: 'Unauthorized: origin not allowed',
    })
  })

  it('passes our own errors through', () => {
    const ours = new NotReadyError()
    expect(toForeignError(ours, 'request')).toBe(ours)
  })
})
