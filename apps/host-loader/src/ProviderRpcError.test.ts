import {
  AppKitError,
  deserializeError,
  RpcNotAllowedError,
  serializeError,
  toNodeError,
} from '@modalkit/protocol'
import { describe, expect, it } from 'vitest'
import { type ProviderRpcError, toProviderRpcError } from './ProviderRpcError.ts'

const shape = (error: ProviderRpcError) => ({ code: error.code, message: error.message, data: error.data })

describe('toProviderRpcError', () => {
  it("rethrows a chain node's error as the node gave it, after it crossed the channel as data", () => {
    const node = { code: 3, message: 'execution reverted: custom error 0xcf479181', data: '0xcf4791810000' }
    // What the modal sends over penpal and the loader rebuilds (wrapRemote): data, not a class.
    const arrived = deserializeError(JSON.parse(JSON.stringify(serializeError(toNodeError(node)))))
    expect(shape(toProviderRpcError(arrived))).toEqual(node)
  })

  it('keeps a browser wallet’s own EIP-1193 error, so clients see 4001 and 4902', () => {
    const rejected = Object.assign(new Error('User rejected the request.'), { code: 4001 })
    expect(shape(toProviderRpcError(rejected))).toEqual({
      code: 4001,
      message: 'User rejected the request.',
      data: undefined,
    })
    expect(toProviderRpcError({ code: 4902, message: 'Unrecognized chain ID' })).toMatchObject({
      code: 4902,
      message: 'Unrecognized chain ID',
    })
    expect(toProviderRpcError({ code: -32000 })).toMatchObject({ code: -32000, message: 'Wallet error' })
  })

  it('maps our errors by code, and anything else to an internal error', () => {
    expect(shape(toProviderRpcError(new RpcNotAllowedError('eth_sign')))).toMatchObject({ code: 4200 })
    expect(
      toProviderRpcError(new AppKitError({ code: 'iframe_load_failed', shortMessage: 'x' })),
    ).toMatchObject({ code: -32603, message: 'x' })
    for (const thrown of [new Error('boom'), 'text', undefined, null, { code: '4001' }, { code: 1.5 }]) {
      expect(shape(toProviderRpcError(thrown))).toEqual({
        code: -32603,
        message: 'Internal error',
        data: undefined,
      })
    }
  })
})
