import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import * as protocol from '@modalkit/protocol'
import { expect, it } from 'vitest'
import { staticModuleImports } from '../../../scripts/staticImports.ts'
import { LENT } from './loadBitcoinScript.ts'

/** The names a module imports as values from `@modalkit/protocol` (`import type` and `type X` left out). */
function protocolValueImports(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  return [...text.matchAll(/^import\s*\{([^}]*)\}\s*from\s*'@modalkit\/protocol'/gm)].flatMap((match) =>
    (match[1] ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== '' && !name.startsWith('type ')),
  )
}

const isClass = (value: unknown) =>
  typeof value === 'function' && Function.prototype.toString.call(value).startsWith('class')
const isSchema = (value: unknown) => typeof value === 'object' && value !== null && '_zod' in value

it('the Bitcoin script takes every error class and schema it uses from the core (instanceof AppKitError holds; zod once); it bundles only plain functions', () => {
  const modules = staticModuleImports(join(import.meta.dirname, 'bitcoinScript.ts'))
  const imported = new Set([...modules].flatMap(protocolValueImports))
  // The walk reached the adapters and the connector.
  expect(imported).toContain('UnsupportedMethodError')
  expect(imported).toContain('bitcoinWalletAccountSchema')
  for (const name of imported) {
    const value: unknown = Reflect.get(protocol, name)
    expect(value, name).toBeDefined()
    if (isClass(value) || isSchema(value)) expect(Object.keys(LENT), name).toContain(name)
    else expect(typeof value, name).toBe('function')
  }
  // What the core lends is the package's own.
  for (const [name, value] of Object.entries(LENT)) expect(value, name).toBe(Reflect.get(protocol, name))
})
