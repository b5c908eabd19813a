import { FRAME_REQUESTS } from '@modalkit/protocol'
import { getNetwork, type Network } from '@modalkit/shared'
import { describe, expect, it } from 'vitest'
import { toRpcRequestPayload } from './toRpcRequestPayload.ts'

describe('toRpcRequestPayload', () => {
  it("carries the site's network name, and the frame's schema accepts it", () => {
    const network = getNetwork('eip155:137')!
    const payload = toRpcRequestPayload('personal_sign', ['0x01', '0x02'], network, 'http://api.test/rpc')
    expect(payload).toEqual({
      method: 'personal_sign',
      params: ['0x01', '0x02'],
      chainId: 137,
      chainNamespace: 'eip155',
      rpcUrl: 'http://api.test/rpc',
      networkName: 'Polygon',
    })
    expect(FRAME_REQUESTS.RPC_REQUEST.safeParse(payload).success).toBe(true)
  })

  it('cuts a long name to the schema limit and leaves out an empty one', () => {
    const network: Network = { ...getNetwork('eip155:1')!, name: 'x'.repeat(100) }
    expect(
      toRpcRequestPayload('eth_sendTransaction', undefined, network, undefined).networkName,
    ).toHaveLength(64)
    const unnamed = toRpcRequestPayload('eth_sendTransaction', undefined, { ...network, name: '' }, undefined)
    expect(unnamed).not.toHaveProperty('networkName')
    expect(unnamed).not.toHaveProperty('params')
  })
})
