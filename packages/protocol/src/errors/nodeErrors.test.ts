import { describe, expect, it } from 'vitest'
import { MAX_NODE_ERROR_DATA_BYTES, NodeError, nodeRpcErrorSchema, toNodeError } from './nodeErrors.ts'
import { deserializeError, serializeError } from './serializeError.ts'

// The words below are the nodes' own (geth, anvil, reth, nethermind, besu), one or two per entry.
const CASES: [string, number, string][] = [
  ['execution_reverted', 3, 'execution reverted: custom error 0xcf479181'],
  ['execution_reverted', -32000, 'execution reverted'],
  ['execution_reverted', 3, 'execution reverted: insufficient funds'],
  ['fee_cap_too_high', -32000, 'max fee per gas higher than 2^256-1'],
  ['fee_cap_too_low', -32003, 'max fee per gas less than block base fee'],
  ['fee_cap_too_low', -32000, 'transaction is outdated'],
  ['nonce_too_high', -32000, 'nonce too high'],
  ['nonce_too_low', -32003, 'nonce too low'],
  ['nonce_too_low', -32000, 'already known'],
  ['nonce_max_value', -32000, 'nonce has max value'],
  ['insufficient_funds', -32003, 'insufficient funds for gas * price + value'],
  ['intrinsic_gas_too_high', -32000, 'intrinsic gas too high'],
  ['intrinsic_gas_too_low', -32000, 'intrinsic gas too low'],
  ['transaction_type_not_supported', -32000, 'transaction type not supported'],
  ['tip_above_fee_cap', -32000, 'max priority fee per gas higher than max fee per gas'],
  ['node_error', -32005, 'query returned more than 10000 results'],
]

describe('toNodeError: the one table of node errors', () => {
  it.each(CASES)('%s from %i %s, keeping the node error whole', (code, rpcCode, message) => {
    const rpc = { code: rpcCode, message, data: '0x1234' }
    const error = toNodeError(rpc)
    expect(error).toBeInstanceOf(NodeError)
    expect(error.code).toBe(code)
    expect(error.rpc).toEqual(rpc)
  })

  it('survives a frame boundary as data', () => {
    const rpc = { code: 3, message: 'execution reverted', data: '0xcf479181' }
    const wire = JSON.parse(JSON.stringify(serializeError(toNodeError(rpc))))
    expect(wire).toEqual({
      code: 'execution_reverted',
      shortMessage: 'Execution reverted',
      details: 'execution reverted',
      rpc,
    })
    const back = deserializeError(wire)
    expect(back).toBeInstanceOf(NodeError)
    expect((back as NodeError).rpc).toEqual(rpc)
  })

  it('refuses node data too large for a frame message, and a non-integer code', () => {
    const huge = `0x${'00'.repeat(MAX_NODE_ERROR_DATA_BYTES)}`
    expect(nodeRpcErrorSchema.safeParse({ code: 3, message: 'x', data: huge }).success).toBe(false)
    expect(nodeRpcErrorSchema.safeParse({ code: 3.5, message: 'x' }).success).toBe(false)
  })
})
