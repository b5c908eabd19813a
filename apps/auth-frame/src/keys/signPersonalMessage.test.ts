import { verifyMessage } from 'ethers'
import { describe, expect, it } from 'vitest'
import { signPersonalMessage } from './signPersonalMessage.ts'
import { TEST_ADDRESS, TEST_SEED, thrown } from './testSeed.ts'

describe('signPersonalMessage', () => {
  it('signs UTF-8 text as EIP-191, recoverable to the account by ethers.verifyMessage', () => {
    const signature = signPersonalMessage(TEST_SEED, 'Hello ✓ Modalkit')
    expect(signature).toMatch(/^0x[0-9a-f]{130}$/)
    expect(verifyMessage('Hello ✓ Modalkit', signature)).toBe(TEST_ADDRESS)
  })

  it('signs 0x-hex as the bytes it spells, as personal_sign wallets do', () => {
    const signature = signPersonalMessage(TEST_SEED, '0x68656c6c6f')
    expect(verifyMessage('hello', signature)).toBe(TEST_ADDRESS)
    expect(verifyMessage('0x68656c6c6f', signature)).not.toBe(TEST_ADDRESS)
  })

  it('matches the signature ethers makes with the same key (deterministic RFC 6979)', async () => {
    const { Wallet } = await import('ethers')
    const wallet = Wallet.fromPhrase('test test test test test test test test test test test junk')
    expect(signPersonalMessage(TEST_SEED, 'same bytes')).toBe(await wallet.signMessage('same bytes'))
  })

  it('refuses what is not a message with a typed error, giving no signature', () => {
    expect(thrown(() => signPersonalMessage(TEST_SEED, 42 as unknown as string))).toMatchObject({
      code: 'validation_error',
      shortMessage: 'Invalid personal_sign message',
    })
    expect(thrown(() => signPersonalMessage(TEST_SEED, 'x'.repeat(300_000)))).toMatchObject({
      code: 'validation_error',
    })
  })
})
