import { describe, expect, it } from 'vitest'
import { BLOB_LIMIT_BYTES, LOG_BUFFER_BYTES } from './constants.ts'
import { createLogger } from './createLogger.ts'

const recordingSink = () => {
  const lines: string[] = []
  const at = (level: string) => (line: string) => lines.push(`${level} ${line}`)
  return { lines, sink: { error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') } }
}

describe('createLogger (SPEC §9)', () => {
  it('keeps only errors by default; debug raises the level; silent keeps and prints nothing', () => {
    const { lines, sink } = recordingSink()
    const log = createLogger({ prefix: '[t]', sink, now: () => 0 })
    expect(log.getLevel()).toBe('error')
    log.warn('a warning')
    log.debug('a detail')
    log.error('failed', new TypeError('no network'))
    expect(lines).toEqual(['error [t] failed: TypeError: no network'])
    expect(log.exportText()).toBe('1970-01-01T00:00:00.000Z ERROR failed: TypeError: no network\n')
    log.setLevel('debug')
    log.debug('a detail')
    expect(lines.at(-1)).toBe('debug [t] a detail')
    log.setLevel('silent')
    log.error('unheard')
    expect(lines).toHaveLength(2)
    expect(log.exportText()).not.toContain('unheard')
  })

  it('bounds the buffer at LOG_BUFFER_BYTES by dropping the oldest entries', () => {
    const { sink } = recordingSink()
    const log = createLogger({ prefix: '[t]', sink, now: () => 0 })
    const line = 'x '.repeat(500) // about 1 kB per entry with its timestamp
    for (let i = 0; i < 1500; i += 1) log.error(`entry ${i} ${line}`)
    const kept = log.exportText(Number.POSITIVE_INFINITY)
    expect(new TextEncoder().encode(kept).length).toBeLessThanOrEqual(LOG_BUFFER_BYTES)
    expect(new TextEncoder().encode(kept).length).toBeGreaterThan(LOG_BUFFER_BYTES - 1100)
    expect(kept).not.toContain('entry 0 ')
    expect(kept.trimEnd().split('\n').at(-1)).toContain('entry 1499 ')
  })

  it('an export is at most BLOB_LIMIT_BYTES, cut from the oldest end', () => {
    const { sink } = recordingSink()
    const log = createLogger({ prefix: '[t]', sink, now: () => 0 })
    const line = 'é'.repeat(500) // two bytes each: the limit counts bytes, not characters
    for (let i = 0; i < 900; i += 1) log.error(`entry ${i} ${line}`)
    const blob = log.exportText()
    const bytes = new TextEncoder().encode(blob).length
    expect(bytes).toBeLessThanOrEqual(BLOB_LIMIT_BYTES)
    expect(bytes).toBeGreaterThan(BLOB_LIMIT_BYTES - 1100)
    expect(blob.startsWith('1970-')).toBe(true)
    expect(blob).toContain('entry 899 ')
    expect(blob).not.toContain('entry 100 ')
  })

  it('never keeps or prints what looks like a secret, nor an object’s fields', () => {
    const { lines, sink } = recordingSink()
    const log = createLogger({ prefix: '[t]', sink, level: 'debug' })
    const key = `0x${'ab'.repeat(32)}`
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1In0.c2lnbmF0dXJlLXZhbHVl'
    const recovery = 'mkr1-AbCdEf_0123-xyz'
    const share = 'A'.repeat(44)
    log.debug(`key ${key} token ${token} text ${recovery} share ${share} code 123456 chain eip155:31337`)
    log.error('request failed', { privateKey: key })
    log.error('rejected', new Error(`bad signature 0x${'cd'.repeat(65)}`))
    const all = `${lines.join('\n')}\n${log.exportText()}`
    for (const secret of [key, token, recovery, share, '123456', 'cd'.repeat(65)])
      expect(all).not.toContain(secret)
    expect(all).toContain('chain eip155:31337')
    expect(all).toContain('request failed: [object Object]')
  })
})
