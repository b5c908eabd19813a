import { AppKitError, type RpcRequest, serializeError, ValidationError } from '@modalkit/protocol'
import { describe, expect, it } from 'vitest'
import { createReadBatcher, type ReadBatcherBackend } from './createReadBatcher.ts'

/** A modal that answers `eth_call`s with their first param and fails `eth_bad`, counting messages. */
function fakeModal(failBatches = false) {
  const messages: string[] = []
  const answer = async (r: RpcRequest) => {
    if (r.method === 'eth_bad') throw new AppKitError({ code: -32602, shortMessage: 'bad params' })
    return (r.params as unknown[])[0]
  }
  const backend: ReadBatcherBackend = {
    async request(r) {
      messages.push(`request ${r.method}`)
      return answer(r)
    },
    async requestReads(rs) {
      messages.push(`requestReads ${rs.length}`)
      if (failBatches) throw new ValidationError('requestReads reply', [])
      return Promise.all(
        rs.map((r) =>
          answer(r).then(
            (value) => ({ ok: true as const, value }),
            (error: unknown) => ({ ok: false as const, error: serializeError(error) }),
          ),
        ),
      )
    },
  }
  return { backend, messages }
}

const call = (value: string): RpcRequest => ({ namespace: 'eip155', method: 'eth_call', params: [value] })

describe('reads of one task go to the modal as one message', () => {
  it('answers each read of a burst from one requestReads, its error its own', async () => {
    const { backend, messages } = fakeModal()
    const read = createReadBatcher(async () => backend)
    const results = await Promise.allSettled([
      read(call('a')),
      read({ namespace: 'eip155', method: 'eth_bad', params: [] }),
      read(call('c')),
    ])
    expect(messages).toEqual(['requestReads 3'])
    expect(results[0]).toEqual({ status: 'fulfilled', value: 'a' })
    expect(results[2]).toEqual({ status: 'fulfilled', value: 'c' })
    const failed = results[1] as PromiseRejectedResult
    expect(failed.reason).toBeInstanceOf(AppKitError)
    expect(failed.reason).toMatchObject({ code: -32602, shortMessage: 'bad params' })
  })

  it('sends a lone read as before, and reads of later tasks in their own messages', async () => {
    const { backend, messages } = fakeModal()
    const read = createReadBatcher(async () => backend)
    expect(await read(call('a'))).toBe('a')
    expect(await read(call('b'))).toBe('b')
    expect(messages).toEqual(['request eth_call', 'request eth_call'])
  })

  it('asks each read again on its own when the batch as a whole fails', async () => {
    const { backend, messages } = fakeModal(true)
    const read = createReadBatcher(async () => backend)
    expect(await Promise.all([read(call('a')), read(call('b'))])).toEqual(['a', 'b'])
    expect(messages).toEqual(['requestReads 2', 'request eth_call', 'request eth_call'])
  })

  it('splits a burst larger than one message may carry', async () => {
    const { backend, messages } = fakeModal()
    const read = createReadBatcher(async () => backend)
    const values = Array.from({ length: 250 }, (_, i) => String(i))
    expect(await Promise.all(values.map((v) => read(call(v))))).toEqual(values)
    expect(messages).toEqual(['requestReads 100', 'requestReads 100', 'requestReads 50'])
  })
})
