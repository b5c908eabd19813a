import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { httpUrlSchema } from './httpUrl.ts'
import { stringRecord } from './stringRecord.ts'

const record = stringRecord(z.string().check(z.regex(/^--w3m-[a-z]+$/)), z.union([z.string(), z.number()]))

describe('stringRecord', () => {
  it('takes an object whose keys and values all pass', () => {
    expect(record.parse({ '--w3m-accent': '#fff', '--w3m-z': 3 })).toEqual({
      '--w3m-accent': '#fff',
      '--w3m-z': 3,
    })
    expect(record.parse({})).toEqual({})
  })

  it('refuses a key that does not pass, a value that does not, and what is not an object', () => {
    expect(record.safeParse({ '--w3m-accent': '#fff', color: 'red' }).success).toBe(false)
    expect(record.safeParse({ '--w3m-accent': true }).success).toBe(false)
    for (const input of [null, 'x', 3, ['--w3m-a'], undefined])
      expect(record.safeParse(input).success).toBe(false)
  })

  it("keeps the value's path in its issue", () => {
    const result = record.safeParse({ '--w3m-accent': {} })
    expect(result.success ? [] : result.error.issues.map((issue) => issue.path)).toEqual([['--w3m-accent']])
  })

  it('gives a strict object value its own checks', () => {
    const nested = stringRecord(z.string(), z.strictObject({ address: z.string() }))
    expect(nested.safeParse({ 60: { address: '0x1' } }).success).toBe(true)
    expect(nested.safeParse({ 60: { address: '0x1', extra: 1 } }).success).toBe(false)
  })
})

describe('httpUrlSchema', () => {
  it('takes absolute http(s) URLs and nothing else', () => {
    for (const url of ['http://modal.test:15174', 'https://api.example.com/v1', 'http://127.0.0.1:8545/'])
      expect(httpUrlSchema.safeParse(url).success).toBe(true)
    for (const url of [
      '',
      'modal.test',
      '/v1',
      'javascript:alert(1)',
      'ftp://x.test',
      'http://',
      'https:///x',
      3,
    ])
      expect(httpUrlSchema.safeParse(url).success).toBe(false)
  })
})
