import { NodeError } from '@modalkit/protocol'
import { describe, expect, it } from 'vitest'
import { createBundlerRead, createRpcBatcher } from './createRpcBatcher.ts'

// The API is another app (not importable here), so a small JSON-RPC answerer stands in for it;
// e2e/rpcBatching.spec.ts counts the real proxy's requests from the browser.
type Wire = { id: number; method: string; params: unknown[] }
function fakeProxy(
  answer: (call: Wire) => object = (call) => ({ result: `${call.method}:${JSON.stringify(call.params)}` }),
) {
  const bodies: unknown[] = []
  const post = async (_chain: string, body: unknown) => {
    bodies.push(body)
    const calls = (Array.isArray(body) ? body : [body]) as Wire[]
    const replies = calls.map((call) => ({ jsonrpc: '2.0', id: call.id, ...answer(call) }))
    return new Response(JSON.stringify(Array.isArray(body) ? replies : replies[0]))
  }
  return { bodies, post }
}

describe('createRpcBatcher (SPEC §9: batch wait 0, dedupe)', () => {
  it('sends reads of the same task as one batch per chain, each answered by its id', async () => {
    const { bodies, post } = fakeProxy()
    const read = createRpcBatcher(post)
    const answers = await Promise.all([
      read('eip155:1', 'eth_blockNumber', []),
      read('eip155:1', 'eth_getBalance', ['0xa', 'latest']),
      read('eip155:2', 'eth_blockNumber', []),
    ])
    expect(answers).toEqual(['eth_blockNumber:[]', 'eth_getBalance:["0xa","latest"]', 'eth_blockNumber:[]'])
    expect(bodies).toHaveLength(2)
    expect(bodies[0]).toHaveLength(2)
    // A lone read goes as a plain call, not a batch of one.
    expect(Array.isArray(bodies[1])).toBe(false)
  })

  it('shares one call between identical reads in flight, and reads again once it settled', async () => {
    const { bodies, post } = fakeProxy()
    const read = createRpcBatcher(post)
    const same = () => read('eip155:1', 'eth_getBalance', ['0xa', 'latest'])
    await Promise.all([same(), same(), same(), read('eip155:1', 'eth_blockNumber', [])])
    expect(bodies).toEqual([
      [
        { jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: ['0xa', 'latest'] },
        { jsonrpc: '2.0', id: 2, method: 'eth_blockNumber', params: [] },
      ],
    ])
    await same()
    expect(bodies).toHaveLength(2)
  })

  it("keeps a chain's immutable answers (eth_chainId), never a balance", async () => {
    const { bodies, post } = fakeProxy()
    const read = createRpcBatcher(post)
    await read('eip155:1', 'eth_chainId', [])
    await read('eip155:1', 'eth_chainId', [])
    await read('eip155:1', 'eth_getBalance', ['0xa', 'latest'])
    await read('eip155:1', 'eth_getBalance', ['0xa', 'latest'])
    expect(bodies.map((b) => (b as Wire).method)).toEqual(['eth_chainId', 'eth_getBalance', 'eth_getBalance'])
  })

  it("rejects only the call the node refused, with the node's code, message and data", async () => {
    const revert = { code: 3, message: 'execution reverted', data: '0xcf479181' }
    const { post } = fakeProxy((call) => (call.method === 'eth_call' ? { error: revert } : { result: '0x1' }))
    const read = createRpcBatcher(post)
    const [call, block] = await Promise.allSettled([
      read('eip155:1', 'eth_call', [{}]),
      read('eip155:1', 'eth_blockNumber', []),
    ])
    expect(block).toEqual({ status: 'fulfilled', value: '0x1' })
    expect(call.status).toBe('rejected')
    const error = (call as PromiseRejectedResult).reason as NodeError
    expect(error).toBeInstanceOf(NodeError)
    expect(error.rpc).toEqual(revert)
  })

  it("says 'Chain is not supported' when the API has no node for the chain", async () => {
    const body = {
      error: { code: 'unsupported_chain', message: 'Chain is not supported', field: 'query.chainId' },
    }
    const read = createRpcBatcher(async () => new Response(JSON.stringify(body), { status: 400 }))
    await expect(read('eip155:1', 'eth_blockNumber', [])).rejects.toMatchObject({
      code: -32603,
      shortMessage: 'Chain is not supported',
      details: 'chain: eip155:1',
    })
  })

  it('rejects every call of a batch the proxy did not answer', async () => {
    const read = createRpcBatcher(async () => new Response('{}', { status: 429 }))
    const results = await Promise.allSettled([read('eip155:1', 'a', []), read('eip155:1', 'b', [])])
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected'])
    expect((results[0] as PromiseRejectedResult).reason).toMatchObject({ code: 'server_error' })
  })
})

describe('createBundlerRead (ERC-4337 reads through the API’s bundler route)', () => {
  it('sends each read alone, even in one task (the bundler takes no batch), and never keeps one', async () => {
    const { bodies, post } = fakeProxy((call) =>
      call.method === 'eth_getUserOperationReceipt'
        ? { error: { code: -32602, message: 'bad hash' } }
        : { result: call.method },
    )
    const read = createBundlerRead(post)
    const [a, b] = await Promise.all([
      read('eip155:1', 'eth_supportedEntryPoints', []),
      read('eip155:1', 'eth_supportedEntryPoints', []),
    ])
    expect([a, b]).toEqual(['eth_supportedEntryPoints', 'eth_supportedEntryPoints'])
    expect(bodies).toHaveLength(2)
    expect(bodies.some(Array.isArray)).toBe(false)
    // The bundler's own error, whole, for the page's provider to rethrow (as a node's).
    await expect(read('eip155:1', 'eth_getUserOperationReceipt', ['0x1'])).rejects.toMatchObject({
      rpc: { code: -32602, message: 'bad hash' },
    })
  })
})
