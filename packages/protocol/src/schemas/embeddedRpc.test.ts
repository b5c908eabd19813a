import { describe, expect, it } from 'vitest'
import {
  evmTransactionRequestSchema,
  personalSignParamsSchema,
  solanaSignAllTransactionsParamsSchema,
  typedDataSchema,
} from './embeddedRpc.ts'

const codes = (result: { success: boolean; error?: { issues: { code: string }[] } }) =>
  result.error?.issues.map((issue) => issue.code)

describe('embedded RPC parameter schemas', () => {
  it('accept the shapes dapps send', () => {
    expect(personalSignParamsSchema.safeParse(['0x6869', `0x${'a'.repeat(40)}`]).success).toBe(true)
    expect(
      evmTransactionRequestSchema.safeParse({ to: `0x${'b'.repeat(40)}`, value: '0x0', data: '0x' }).success,
    ).toBe(true)
    expect(
      typedDataSchema.safeParse({ types: {}, primaryType: 'Mail', domain: { chainId: 1 }, message: {} })
        .success,
    ).toBe(true)
  })

  it("refuse malformed ones with zod's issue codes", () => {
    expect(codes(evmTransactionRequestSchema.safeParse({ to: '0x1234', value: '12' }))).toEqual([
      'invalid_format',
      'invalid_format',
    ])
    expect(codes(evmTransactionRequestSchema.safeParse({ data: '0xabc' }))).toEqual(['invalid_format'])
    expect(codes(evmTransactionRequestSchema.safeParse({ type: '0x4' }))).toEqual(['invalid_value'])
    expect(codes(personalSignParamsSchema.safeParse(['hi']))).toEqual(['too_small'])
    expect(codes(solanaSignAllTransactionsParamsSchema.safeParse({ transactions: [] }))).toEqual([
      'too_small',
    ])
    expect(
      codes(typedDataSchema.safeParse({ types: {}, primaryType: 'M', domain: { evil: 1 }, message: {} })),
    ).toEqual(['unrecognized_keys'])
  })
})
