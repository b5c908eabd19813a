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

  it('refuses objects that are not plain, as z.record does: a Map, a Date, a typed array, a class instance', () => {
    const open = stringRecord(z.string(), z.unknown())
    for (const input of [
      new Map([['--w3m-a', 'x']]),
      new Date(0),
      new Uint8Array([7]),
      new (class Settings {
        '--w3m-accent' = '#fff'
      })(),
    ]) {
      const result = open.safeParse(input)
      expect(result.success ? [] : result.error.issues.map((issue) => [issue.code, issue.path])).toEqual([
        ['invalid_type', []],
      ])
    }
    // A record without a prototype is still plain.
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { '--w3m-accent': '#fff' })
    expect(record.parse(bare)).toEqual({ '--w3m-accent': '#fff' })
  })

  it("keeps the value's path in its issue, and each refused key's", () => {
    const paths = (input: unknown) => {
      const result = record.safeParse(input)
      return result.success ? [] : result.error.issues.map((issue) => [issue.message, issue.path])
    }
    expect(paths({ '--w3m-accent': {} })).toEqual([[expect.any(String), ['--w3m-accent']]])
    const nested = stringRecord(z.string(), z.object({ address: z.string() })).safeParse({
      60: { address: 1 },
    })
    expect(nested.success ? [] : nested.error.issues.map((issue) => [issue.code, issue.path])).toEqual([
      ['invalid_type', ['60', 'address']],
    ])
    // A refused key is reported as z.record reports it, and its value is not read.
    const keys = record.safeParse({ color: {}, '--w3m-accent': '#fff', size: 2, [Symbol('s')]: 'x' })
    expect(keys.success ? [] : keys.error.issues.map((issue) => [issue.code, issue.path])).toEqual([
      ['invalid_key', [expect.any(Symbol)]],
      ['invalid_key', ['color']],
      ['invalid_key', ['size']],
    ])
    // What is not an object gets z.record's own issue.
    const zodRecord = z.record(z.string(), z.string()).safeParse(7)
    expect(paths(7)).toEqual(
      zodRecord.success ? [] : zodRecord.error.issues.map((issue) => [issue.message, issue.path]),
    )
    expect(record.safeParse(7).error?.issues[0]).toMatchObject({ code: 'invalid_type', expected: 'record' })
  })

  it("answers a new object of the values' parsed outputs, and refuses null without reading it", () => {
    const accounts = stringRecord(z.string(), z.object({ address: z.string() }))
    const input = { 60: { address: '0x1', extra: 1 } }
    const parsed = accounts.parse(input)
    expect(parsed).toEqual({ 60: { address: '0x1' } })
    expect(parsed).not.toBe(input)
    for (const input of [null, undefined, 7]) expect(accounts.safeParse(input).success).toBe(false)
  })

  it('drops a "__proto__" key, as z.record does: never the copy\'s prototype', () => {
    const open = stringRecord(z.string(), z.object({ polluted: z.optional(z.boolean()) }))
    const parsed = open.parse(JSON.parse('{"__proto__": {"polluted": true}, "a": {}}'))
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype)
    expect(Object.keys(parsed)).toEqual(['a'])
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined()
    expect((parsed as { a: { polluted?: boolean } }).a.polluted).toBeUndefined()
  })

  it('gives a strict object value its own checks', () => {
    const nested = stringRecord(z.string(), z.strictObject({ address: z.string() }))
    expect(nested.safeParse({ 60: { address: '0x1' } }).success).toBe(true)
    expect(nested.safeParse({ 60: { address: '0x1', extra: 1 } }).success).toBe(false)
  })
})

describe('httpUrlSchema', () => {
  // Only the servers' own page config is read with it, written lower-case and trimmed: an upper-case
  // scheme or a padded URL is refused rather than normalised (see httpUrl.ts).
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
      'HTTPS://x.test',
      ' https://x.test',
      3,
    ])
      expect(httpUrlSchema.safeParse(url).success).toBe(false)
  })
})
