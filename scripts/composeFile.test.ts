import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'

const file = resolve(import.meta.dirname, '..', 'docker-compose.yml')

describe('docker-compose.yml', () => {
  it('is YAML with no key twice in one mapping (docker compose config refuses it)', () => {
    // `uniqueKeys` is on by default: a repeated key throws instead of the last one silently winning.
    const compose = parse(readFileSync(file, 'utf8'), { uniqueKeys: true }) as {
      services: Record<string, { environment?: Record<string, string> }>
    }
    const api = compose.services['api-1']?.environment ?? {}
    expect(api.NODE_ENV).toBe('production')
    expect(api.AUTH_SECRET).toMatch(/^\$\{AUTH_SECRET:\?/)
    // The stand-in on-ramp (an unlocked treasury) is never configured in the production shape.
    expect(Object.keys(api).filter((key) => key.startsWith('ONRAMP_'))).toEqual([])
  })

  it('the parser refuses a duplicated key', () => {
    expect(() => parse('environment:\n  AUTH_SECRET: a\n  AUTH_SECRET: b\n')).toThrow(/unique/i)
  })
})
