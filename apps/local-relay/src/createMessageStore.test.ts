import { describe, expect, it } from 'vitest'
import { createMessageStore } from './createMessageStore.ts'

const topic = 'ab'.repeat(32)
const base = { topic, ttlSeconds: 10, tag: 1, attestation: undefined, publisherId: 'did:key:a', now: 1000 }

describe('createMessageStore', () => {
  it('keeps a message until its TTL and forgets it after', () => {
    const store = createMessageStore({ maxPerTopic: 10, maxBytes: 1_000_000 })
    store.add({ ...base, message: 'one' })
    expect(store.list(topic, 10_999).map((m) => m.message)).toEqual(['one'])
    expect(store.list(topic, 11_000)).toEqual([])
    expect(store.bytes).toBe(0)
    expect(store.topicCount).toBe(0)
  })

  it('returns the stored message for an identical publish (a retry) instead of storing it twice', () => {
    const store = createMessageStore({ maxPerTopic: 10, maxBytes: 1_000_000 })
    const first = store.add({ ...base, message: 'one' })
    const again = store.add({ ...base, message: 'one', now: 2000 })
    expect(first.isNew).toBe(true)
    expect(again).toEqual({ stored: first.stored, isNew: false })
    expect(store.list(topic, 2000)).toHaveLength(1)
  })

  it('drops the oldest message past the per-topic cap, and accounts its bytes', () => {
    const store = createMessageStore({ maxPerTopic: 2, maxBytes: 1_000_000 })
    for (const message of ['a', 'b', 'c']) store.add({ ...base, message })
    expect(store.list(topic, 1000).map((m) => m.message)).toEqual(['b', 'c'])
    expect(store.bytes).toBe(2 * (1 + 256))
  })

  it('refuses a publish past the total byte budget with a capacity error, until messages expire', () => {
    const store = createMessageStore({ maxPerTopic: 10, maxBytes: 600 })
    store.add({ ...base, message: 'x'.repeat(200) })
    expect(() => store.add({ ...base, message: 'y'.repeat(200) })).toThrowError(
      expect.objectContaining({ code: -32000, message: 'Relay storage is full; try again later' }),
    )
    expect(store.add({ ...base, message: 'y'.repeat(200), now: 11_000 }).isNew).toBe(true)
  })
})
