import { expect, it } from 'vitest'
import { base64ToBytes, bytesToBase64 } from './base64.ts'

it('writes standard padded base64 and reads it back', () => {
  expect(bytesToBase64(Uint8Array.from([1, 2, 3]))).toBe('AQID')
  expect(bytesToBase64(Uint8Array.from([0]))).toBe('AA==')
  expect(bytesToBase64(Uint8Array.from([251, 255]))).toBe('+/8=')
  expect(bytesToBase64(new Uint8Array(0))).toBe('')
  for (let n = 0; n < 40; n++) {
    const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 91 + 7) % 256)
    expect(base64ToBytes(bytesToBase64(bytes))).toEqual(bytes)
  }
})

it('refuses text that is not standard base64', () => {
  for (const bad of ['AQI', 'AQ==AQ==', 'A-_B', 'AQID\n', '===='])
    expect(base64ToBytes(bad), bad).toBeUndefined()
})
