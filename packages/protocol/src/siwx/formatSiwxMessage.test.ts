import { describe, expect, it } from 'vitest'
import { formatSiwxMessage } from './formatSiwxMessage.ts'
import { parseSiwxMessage } from './parseSiwxMessage.ts'
import type { SiwxMessage } from './siwxMessage.ts'

const full: SiwxMessage = {
  domain: 'host.test:15173',
  accountAddress: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  chainId: 'eip155:31337',
  uri: 'http://host.test:15173',
  version: '1',
  nonce: '0123456789abcdef0123456789abcdef',
  issuedAt: '2026-11-23T17:00:00.000Z',
  expirationTime: '2026-11-23T17:10:00.000Z',
  notBefore: '2026-11-23T16:59:00.000Z',
  statement: 'Sign in to the demo site',
  requestId: 'req-1',
  resources: [
    'https://host.test/terms',
    'ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi',
  ],
}

describe('formatSiwxMessage', () => {
  it('writes EIP-4361 for eip155 with every field', () => {
    expect(formatSiwxMessage(full)).toMatchInlineSnapshot(`
      "host.test:15173 wants you to sign in with your Ethereum account:
      0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266

      Sign in to the demo site

      URI: http://host.test:15173
      Version: 1
      Chain ID: 31337
      Nonce: 0123456789abcdef0123456789abcdef
      Issued At: 2026-11-23T17:00:00.000Z
      Expiration Time: 2026-11-23T17:10:00.000Z
      Not Before: 2026-11-23T16:59:00.000Z
      Request ID: req-1
      Resources:
      - https://host.test/terms
      - ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi"
    `)
  })

  it('writes the Solana sign-in form with the cluster reference as its chain id', () => {
    const text = formatSiwxMessage({
      domain: 'host.test',
      accountAddress: '7C4jsPZpht42Tw6MjXWF56Q5RQUocjBBmciEjDa8HRtp',
      chainId: 'solana:GRYnpvyTctLiftw4vtvrNBxCJFxVdCTn',
      uri: 'http://host.test',
      version: '1',
      nonce: 'abcdefgh1234',
      issuedAt: '2026-11-23T17:00:00Z',
    })
    expect(text).toBe(
      'host.test wants you to sign in with your Solana account:\n7C4jsPZpht42Tw6MjXWF56Q5RQUocjBBmciEjDa8HRtp\n\n\nURI: http://host.test\nVersion: 1\nChain ID: GRYnpvyTctLiftw4vtvrNBxCJFxVdCTn\nNonce: abcdefgh1234\nIssued At: 2026-11-23T17:00:00Z',
    )
  })

  it('refuses a namespace sign-in is not defined for', () => {
    expect(() =>
      formatSiwxMessage({ ...full, chainId: 'bip122:000000000019d6689c085ae165831e93' }),
    ).toThrowError('sign-in is not defined for bip122 accounts')
  })
})

describe('parseSiwxMessage', () => {
  it('reads back every field it wrote, with and without the optional ones', () => {
    expect(parseSiwxMessage(formatSiwxMessage(full))).toEqual(full)
    const { statement, resources, expirationTime, notBefore, requestId, ...bare } = full
    expect(parseSiwxMessage(formatSiwxMessage(bare))).toEqual(bare)
    const solana = {
      ...bare,
      accountAddress: '7C4jsPZpht42Tw6MjXWF56Q5RQUocjBBmciEjDa8HRtp',
      chainId: 'solana:x1',
    }
    expect(parseSiwxMessage(formatSiwxMessage(solana as SiwxMessage))).toEqual(solana)
  })

  it('refuses text that is not exactly a message it would write', () => {
    const text = formatSiwxMessage(full)
    expect(parseSiwxMessage(`${text}\n`)).toBeUndefined()
    expect(parseSiwxMessage(text.replace('Nonce: ', 'Nonce:  '))).toBeUndefined()
    expect(parseSiwxMessage(text.replace('Version: 1', 'Version: 2'))).toBeUndefined()
    expect(parseSiwxMessage(`${text}\nNonce: 0123456789abcdef0123456789abcdee`)).toBeUndefined()
    expect(parseSiwxMessage('hello')).toBeUndefined()
    expect(parseSiwxMessage(text.replace('Ethereum', 'Bitcoin'))).toBeUndefined()
  })
})
