import { describe, expect, it } from 'vitest'
import { parseTypedData } from '../keys/parseTypedData.ts'
import { DELEGATION_TYPES } from './delegations.ts'
import { refuseDelegationSigning, refuseOwnerSigningForAccount } from './refuseAccountSignatures.ts'

const ACCOUNT = '0x1111111111111111111111111111111111111111'
const MANAGER = '0x2222222222222222222222222222222222222222'
const refusal = (run: () => void) => {
  try {
    run()
    return 'signed'
  } catch (error) {
    return (error as Error).name
  }
}
const typed = (
  primaryType: string,
  types: Record<string, unknown>,
  message: unknown,
  verifyingContract: string,
) =>
  parseTypedData(
    {
      domain: { name: 'X', version: '1', chainId: 31337, verifyingContract },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
          { name: 'verifyingContract', type: 'address' },
        ],
        ...types,
      },
      primaryType,
      message,
    },
    31337n,
  )
const delegation = {
  delegate: MANAGER,
  delegator: ACCOUNT,
  authority: `0x${'f'.repeat(64)}`,
  caveats: [],
  salt: '1',
}

describe('the smart account', () => {
  it('refuses to sign a Delegation Framework delegation as plain typed data, but signs a type of that name with other fields', () => {
    const types = { Delegation: DELEGATION_TYPES.Delegation, Caveat: DELEGATION_TYPES.Caveat }
    expect(refusal(() => refuseDelegationSigning(typed('Delegation', types, delegation, MANAGER)))).toBe(
      'SmartAccountSigningRefusedError',
    )
    // Compound's delegateBySig type is also named Delegation: not the framework's.
    const compound = {
      Delegation: [
        { name: 'delegatee', type: 'address' },
        { name: 'nonce', type: 'uint256' },
        { name: 'expiry', type: 'uint256' },
      ],
    }
    const vote = typed('Delegation', compound, { delegatee: MANAGER, nonce: '0', expiry: '1' }, MANAGER)
    expect(refusal(() => refuseDelegationSigning(vote))).toBe('signed')
  })
})

describe('the owner key of a smart account', () => {
  const mail = { Mail: [{ name: 'text', type: 'string' }] }
  it("refuses ERC-7739's wrappers and anything under the account's own domain; signs other sites' messages", () => {
    const wrapper = {
      TypedDataSign: [
        { name: 'contents', type: 'Mail' },
        { name: 'name', type: 'string' },
      ],
      ...mail,
    }
    const cases: [string, ReturnType<typeof typed>][] = [
      ['TypedDataSign', typed('TypedDataSign', wrapper, { contents: { text: 'a' }, name: 'n' }, MANAGER)],
      [
        'PersonalSign',
        typed(
          'PersonalSign',
          { PersonalSign: [{ name: 'prefixed', type: 'bytes' }] },
          { prefixed: '0x01' },
          MANAGER,
        ),
      ],
      ['own domain', typed('Mail', mail, { text: 'a' }, ACCOUNT.toUpperCase().replace('0X', '0x'))],
    ]
    for (const [name, data] of cases)
      expect(
        refusal(() => refuseOwnerSigningForAccount(data, ACCOUNT)),
        name,
      ).toBe('SmartAccountSigningRefusedError')
    expect(
      refusal(() => refuseOwnerSigningForAccount(typed('Mail', mail, { text: 'a' }, MANAGER), ACCOUNT)),
    ).toBe('signed')
  })
})
