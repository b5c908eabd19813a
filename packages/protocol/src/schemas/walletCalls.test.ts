import { describe, expect, it } from 'vitest'
import {
  callsStatusSchema,
  getCallsStatusParamsSchema,
  getCapabilitiesParamsSchema,
  MAX_CALLS,
  sendCallsParamsSchema,
} from './walletCalls.ts'

const codes = (result: { success: boolean; error?: { issues: { code: string; path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => `${issue.code} at ${issue.path.join('.')}`)

const A = `0x${'a'.repeat(40)}`
const B = `0x${'B'.repeat(40)}`
const request = (patch: Record<string, unknown> = {}) => [
  { version: '2.0.0', chainId: '0x7a69', atomicRequired: false, calls: [{ to: A, value: '0x1' }], ...patch },
]

describe('EIP-5792 schemas', () => {
  it('accept the wallet_sendCalls a dapp sends', () => {
    expect(sendCallsParamsSchema.safeParse(request()).success).toBe(true)
    const full = request({
      id: 'batch-1',
      from: B,
      calls: [{ to: A, data: '0xa9059cbb', value: '0x0' }, { data: '0x6080' }, { to: B }],
      capabilities: { paymasterService: { url: 'https://pm.test', optional: true } },
    })
    expect(sendCallsParamsSchema.safeParse(full).success).toBe(true)
  })

  it('refuse (SPEC §5) a call whose to is not a 0x address, or whose data is not 0x-hex', () => {
    expect(codes(sendCallsParamsSchema.safeParse(request({ calls: [{ to: 'abc' }] })))).toEqual([
      'invalid_format at 0.calls.0.to',
    ])
    expect(codes(sendCallsParamsSchema.safeParse(request({ calls: [{ to: A.slice(2) }] })))).toEqual([
      'invalid_format at 0.calls.0.to',
    ])
    expect(codes(sendCallsParamsSchema.safeParse(request({ calls: [{ to: A, data: 'ff' }] })))).toEqual([
      'invalid_format at 0.calls.0.data',
    ])
    expect(codes(sendCallsParamsSchema.safeParse(request({ calls: [{ to: A, value: '12' }] })))).toEqual([
      'invalid_format at 0.calls.0.value',
    ])
  })

  it('refuse a batch without calls, too many calls, a decimal chain id, or no atomicRequired', () => {
    expect(codes(sendCallsParamsSchema.safeParse(request({ calls: [] })))).toEqual(['too_small at 0.calls'])
    const many = Array.from({ length: MAX_CALLS + 1 }, () => ({ to: A }))
    expect(codes(sendCallsParamsSchema.safeParse(request({ calls: many })))).toEqual(['too_big at 0.calls'])
    expect(codes(sendCallsParamsSchema.safeParse(request({ chainId: '31337' })))).toEqual([
      'invalid_format at 0.chainId',
    ])
    expect(codes(sendCallsParamsSchema.safeParse(request({ atomicRequired: undefined })))).toEqual([
      'invalid_type at 0.atomicRequired',
    ])
    expect(codes(sendCallsParamsSchema.safeParse(request({ gas: '0x1' })))).toEqual([
      'unrecognized_keys at 0',
    ])
  })

  it('parse the other two methods’ params', () => {
    expect(getCapabilitiesParamsSchema.safeParse([A]).success).toBe(true)
    expect(getCapabilitiesParamsSchema.safeParse([A, ['0x1', '0x7a69']]).success).toBe(true)
    expect(getCapabilitiesParamsSchema.safeParse([A, ['1']]).success).toBe(false)
    expect(getCapabilitiesParamsSchema.safeParse(['abc']).success).toBe(false)
    expect(getCallsStatusParamsSchema.safeParse(['0x01']).success).toBe(true)
    expect(getCallsStatusParamsSchema.safeParse(['']).success).toBe(false)
  })

  it('describe the status reply, with EIP-5792 codes only', () => {
    const status = { version: '2.0.0', id: 'x', chainId: '0x7a69', status: 200, atomic: false, receipts: [] }
    expect(callsStatusSchema.safeParse(status).success).toBe(true)
    expect(callsStatusSchema.safeParse({ ...status, status: 300 }).success).toBe(false)
  })
})
