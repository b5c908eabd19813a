import { expect, it } from 'vitest'
import { isNamespace, NAMESPACES } from './namespaces.ts'

it('lists the SPEC §3 namespaces, as @modalkit/protocol does', () => {
  expect(NAMESPACES).toEqual(['eip155', 'solana', 'polkadot', 'bip122', 'cosmos'])
})

it('recognises exactly those, case-sensitively', () => {
  for (const namespace of NAMESPACES) expect(isNamespace(namespace)).toBe(true)
  expect(isNamespace('EIP155')).toBe(false)
  expect(isNamespace('tezos')).toBe(false)
  expect(isNamespace('')).toBe(false)
  expect(isNamespace('toString')).toBe(false)
})
