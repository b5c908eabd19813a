import { expect, it } from 'vitest'
import { toFrameErrorCode } from './toFrameErrorCode.ts'

it('keeps the string and numeric codes a frame error carries, 5000 for others', () => {
  expect(toFrameErrorCode('session_expired')).toBe('session_expired')
  expect(toFrameErrorCode('rate_limited')).toBe('rate_limited')
  expect(toFrameErrorCode(4001)).toBe(4001)
  expect(toFrameErrorCode(-32000)).toBe(-32000)
  expect(toFrameErrorCode('SOMETHING_ELSE')).toBe(5000)
  expect(toFrameErrorCode(undefined)).toBe(5000)
})
