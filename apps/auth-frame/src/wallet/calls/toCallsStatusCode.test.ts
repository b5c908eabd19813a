import { describe, expect, it } from 'vitest'
import { toCallsStatusCode } from './toCallsStatusCode.ts'

const ok = { status: '0x1' } as const
const reverted = { status: '0x0' } as const

describe('toCallsStatusCode (EIP-5792 status codes)', () => {
  it('100 while any sent transaction is not mined', () => {
    expect(toCallsStatusCode({ total: 2, receipts: [ok, null] })).toBe(100)
    expect(toCallsStatusCode({ total: 2, receipts: [null, null] })).toBe(100)
    expect(toCallsStatusCode({ total: 2, receipts: [reverted, null] })).toBe(100)
  })

  it('200 when every call was sent and mined without a revert', () => {
    expect(toCallsStatusCode({ total: 2, receipts: [ok, ok] })).toBe(200)
    expect(toCallsStatusCode({ total: 1, receipts: [ok] })).toBe(200)
  })

  it('400 when nothing was sent', () => {
    expect(toCallsStatusCode({ total: 2, receipts: [] })).toBe(400)
  })

  it('500 when every sent transaction reverted', () => {
    expect(toCallsStatusCode({ total: 2, receipts: [reverted, reverted] })).toBe(500)
    expect(toCallsStatusCode({ total: 3, receipts: [reverted] })).toBe(500)
  })

  it('600 when some changes are onchain and some are not', () => {
    expect(toCallsStatusCode({ total: 2, receipts: [ok, reverted] })).toBe(600)
    expect(toCallsStatusCode({ total: 2, receipts: [reverted, ok] })).toBe(600)
    // Sending stopped after the first call (the node refused the second).
    expect(toCallsStatusCode({ total: 2, receipts: [ok] })).toBe(600)
  })
})
