import { expect, it } from 'vitest'
import { decodeBase58, encodeBase58 } from './base58.ts'

const text = (s: string) => new TextEncoder().encode(s)

it('encodes the reference vectors, leading zero bytes as 1s', () => {
  expect(encodeBase58(text('Hello World!'))).toBe('2NEpo7TZRRrLZSi2U')
  expect(encodeBase58(Uint8Array.from([0, 0, 1]))).toBe('112')
  expect(encodeBase58(new Uint8Array(0))).toBe('')
  expect(encodeBase58(new Uint8Array(32))).toBe('1'.repeat(32))
  // The system program's id (32 zero bytes) above; the largest 32-byte key here.
  expect(encodeBase58(new Uint8Array(32).fill(255))).toBe('JEKNVnkbo3jma5nREBBJCDoXFVeKkD56V3xKrvRmWxFG')
})

it('decodes what it encodes, and refuses characters outside the alphabet', () => {
  expect(decodeBase58('2NEpo7TZRRrLZSi2U')).toEqual(text('Hello World!'))
  expect(decodeBase58('112')).toEqual(Uint8Array.from([0, 0, 1]))
  const key = decodeBase58('GRYnpvyTctLiftw4vtvrNBxCJFxVdCTncozm53pCywZ')
  expect(key).toHaveLength(32)
  expect(encodeBase58(key!)).toBe('GRYnpvyTctLiftw4vtvrNBxCJFxVdCTncozm53pCywZ')
  for (let n = 0; n < 50; n++) {
    const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 37 + n) % 256)
    expect(decodeBase58(encodeBase58(bytes))).toEqual(bytes)
  }
  for (const bad of ['0', 'O', 'I', 'l', '+', ' ']) expect(decodeBase58(`2N${bad}`)).toBeUndefined()
})
