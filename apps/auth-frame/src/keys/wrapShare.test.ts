import { describe, expect, it } from 'vitest'
import { createSeed } from './createSeed.ts'
import { splitSeed } from './splitSeed.ts'
import { createWrappingKey, unwrapShare, wrapShare } from './wrapShare.ts'

describe('wrapShare / unwrapShare (WebCrypto AES-GCM)', () => {
  it('round-trips a share, and the ciphertext does not contain it', async () => {
    const { deviceShare } = await splitSeed(createSeed())
    const key = await createWrappingKey()
    const wrapped = await wrapShare(key, deviceShare, 'user-1')
    expect(wrapped.iv).toHaveLength(12)
    expect(wrapped.ciphertext).toHaveLength(deviceShare.length + 16) // + GCM tag
    expect(Buffer.from(wrapped.ciphertext).includes(Buffer.from(deviceShare.subarray(0, 8)))).toBe(false)
    expect(await unwrapShare(key, wrapped, 'user-1')).toEqual(deviceShare)
  })

  it('uses a non-extractable key that survives structured cloning (so IndexedDB can hold it)', async () => {
    const key = await createWrappingKey()
    expect(key.extractable).toBe(false)
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow()
    const clone = structuredClone(key)
    expect(clone.extractable).toBe(false)
    const wrapped = await wrapShare(key, new Uint8Array(33).fill(3), 'u')
    expect(await unwrapShare(clone, wrapped, 'u')).toEqual(new Uint8Array(33).fill(3))
  })

  it('refuses another key, another user and any tampering with a typed error', async () => {
    const key = await createWrappingKey()
    const wrapped = await wrapShare(key, new Uint8Array(33).fill(9), 'user-1')
    const tampered = { iv: wrapped.iv, ciphertext: wrapped.ciphertext.slice() }
    tampered.ciphertext[0]! ^= 1
    // Each started when it is awaited: started together, a later one could fail before its
    // handler was attached, an unhandled rejection that fails the whole run on a busy machine.
    const attempts = [
      async () => unwrapShare(await createWrappingKey(), wrapped, 'user-1'),
      () => unwrapShare(key, wrapped, 'user-2'),
      () => unwrapShare(key, tampered, 'user-1'),
    ]
    for (const attempt of attempts) {
      await expect(attempt()).rejects.toMatchObject({
        name: 'InvalidShareError',
        code: 'validation_error',
        details: 'device share failed to unwrap',
      })
    }
  })
})
