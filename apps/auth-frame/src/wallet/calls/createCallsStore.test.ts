import { describe, expect, it } from 'vitest'
import { createMemorySessionStore } from '../createMemorySessionStore.ts'
import { SESSION_KEYS } from '../SessionStore.ts'
import { createCallsStore } from './createCallsStore.ts'

const batch = {
  from: `0x${'a'.repeat(40)}`,
  chainId: '0x7a69',
  total: 2,
  hashes: [`0x${'1'.repeat(64)}`, `0x${'2'.repeat(64)}`],
}

describe('createCallsStore', () => {
  it('keeps a batch in memory and in the session store, so a reloaded frame still knows it', () => {
    const session = createMemorySessionStore()
    createCallsStore(session).save('b1', batch)
    expect(JSON.parse(session.get(`${SESSION_KEYS.callsPrefix}b1`) ?? '')).toEqual(batch)
    const reloaded = createCallsStore(session)
    expect(reloaded.get('b1')).toEqual(batch)
    expect(reloaded.has('b2')).toBe(false)
  })

  it('ignores stored entries that are not a batch', () => {
    const session = createMemorySessionStore()
    session.set(`${SESSION_KEYS.callsPrefix}bad`, JSON.stringify({ ...batch, hashes: ['0x12'] }))
    session.set(`${SESSION_KEYS.callsPrefix}junk`, '{')
    const store = createCallsStore(session)
    expect(store.get('bad')).toBeUndefined()
    expect(store.get('junk')).toBeUndefined()
  })

  it('still answers from memory when storage refuses the write', () => {
    const session = {
      ...createMemorySessionStore(),
      set: () => {
        throw new Error('QuotaExceededError')
      },
    }
    const store = createCallsStore(session)
    store.save('b1', batch)
    expect(store.get('b1')).toEqual(batch)
  })
})
